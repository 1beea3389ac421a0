import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a limit or a hold counts a caller by: an IPv4 address as it is (also when it comes
 * as `::ffff:a.b.c.d`), an IPv6 address by its /64 network (one subscriber gets a whole /64 and can
 * pick any address in it), anything else as given.
 */
export function addressGroup(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:') && isIPv4(lower.slice(7))) return lower.slice(7);
  if (!isIPv6(lower)) return lower;
  const zone = lower.indexOf('%');
  const bare = zone === -1 ? lower : lower.slice(0, zone);
  const gap = bare.indexOf('::');
  const head = (gap === -1 ? bare : bare.slice(0, gap)).split(':').filter(Boolean);
  const tail =
    gap === -1
      ? []
      : bare
          .slice(gap + 2)
          .split(':')
          .filter(Boolean);
  // An embedded IPv4 tail (`::1.2.3.4`) lies in the last 32 bits, never in the /64 prefix.
  const groups = [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
