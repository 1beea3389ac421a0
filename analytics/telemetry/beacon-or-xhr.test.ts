import { describe, expect, it, vi } from 'vitest';
import { sendByBeaconOrXhr } from './beacon-or-xhr';
import { fakeXhrFactory } from '../../testing/fake-xhr';

const body = (delivery: string) => JSON.stringify({ delivery });

describe('beacon, falling back to XHR', () => {
  it('a queued beacon is all it takes', async () => {
    const sendBeacon = vi.fn(() => true);
    const xhr = fakeXhrFactory(200);
    await expect(
      sendByBeaconOrXhr('/api/x', body, 'text/plain', { sendBeacon, createXhr: xhr.create }),
    ).resolves.toEqual({
      delivery: 'beacon',
    });
    expect(sendBeacon).toHaveBeenCalledWith('/api/x', '{"delivery":"beacon"}');
    expect(xhr.made).toHaveLength(0);
  });

  it('a refused beacon falls back to an XHR POST of the content type, with the CSRF header', async () => {
    const xhr = fakeXhrFactory(202);
    const result = await sendByBeaconOrXhr('/api/x', body, 'text/plain;charset=UTF-8', {
      sendBeacon: () => false,
      createXhr: xhr.create,
      crumb: () => 'c.1',
    });
    expect(result).toEqual({ delivery: 'xhr', status: 202 });
    expect(xhr.made[0]).toMatchObject({
      method: 'POST',
      url: '/api/x',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-CSRF-Token': 'c.1' },
      body: '{"delivery":"xhr"}',
    });
  });

  it('no beacon, or one that throws, also falls back', async () => {
    const xhr = fakeXhrFactory(500);
    expect(await sendByBeaconOrXhr('/a', body, 'application/json', { createXhr: xhr.create })).toEqual({
      delivery: 'xhr',
      status: 500,
    });
    const throwing = () => {
      throw new TypeError('too large');
    };
    expect(
      await sendByBeaconOrXhr('/a', body, 'application/json', { sendBeacon: throwing, createXhr: xhr.create }),
    ).toEqual({
      delivery: 'xhr',
      status: 500,
    });
    expect(xhr.made).toHaveLength(2);
  });

  it('an XHR that cannot even be made resolves to status 0', async () => {
    const createXhr = () => {
      throw new Error('no XHR');
    };
    await expect(sendByBeaconOrXhr('/a', body, 'text/plain', { createXhr })).resolves.toEqual({
      delivery: 'xhr',
      status: 0,
    });
  });
});
