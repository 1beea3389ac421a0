import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group';

describe('addressGroup', () => {
  it('keeps IPv4 addresses, also written as IPv4-mapped IPv6', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every IPv6 address of one /64 as one', () => {
    const one = addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002::1')).toBe(one);
    expect(addressGroup('2001:db8:1:2::ffff:1.2.3.4')).toBe(one);
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(one);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('passes anything else through', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
