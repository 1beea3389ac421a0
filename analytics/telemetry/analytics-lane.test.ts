import { describe, expect, it } from 'vitest';
import { createLane } from './analytics-lane';
import { sendByBeaconOrXhr } from './beacon-or-xhr';
import { fakeXhrFactory } from '../../testing/fake-xhr';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('analytics lane', () => {
  it('runs at most two tasks at once and starts the next as one settles', async () => {
    const lane = createLane(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = gates.map((gate, i) =>
      lane.run(() => {
        started.push(i);
        return gate.promise.then(() => i);
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([lane.running, lane.waiting]).toEqual([2, 2]);
    gates[1]?.reject(new Error('no answer'));
    await expect(done[1]).rejects.toThrow('no answer');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    await expect(done[0]).resolves.toBe(0);
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[3]?.resolve();
    await Promise.all([done[2], done[3]]);
    expect([lane.running, lane.waiting]).toEqual([0, 0]);
  });

  it('a task that throws at once frees its place', async () => {
    const lane = createLane(1);
    await expect(
      lane.run(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(lane.run(async () => 'next')).resolves.toBe('next');
  });

  it('drains: the page is leaving, everything waiting starts now', async () => {
    const lane = createLane(1);
    const gate = deferred();
    const started: string[] = [];
    void lane.run(() => {
      started.push('a');
      return gate.promise;
    });
    void lane.run(async () => void started.push('b'));
    void lane.run(async () => void started.push('c'));
    await tick();
    expect(started).toEqual(['a']);
    lane.drain();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
  });
});

describe('a page being left', () => {
  it('starts tasks at once, whatever the width', async () => {
    let leaving = false;
    const lane = createLane(1, () => leaving);
    const started: string[] = [];
    void lane.run(() => {
      started.push('a');
      return new Promise<void>(() => undefined);
    });
    void lane.run(async () => void started.push('queued'));
    leaving = true;
    void lane.run(async () => void started.push('last record'));
    // The last record starts before the one queued earlier (which starts once a place is free).
    expect(started).toEqual(['a', 'last record']);
    await tick();
    expect(started).toEqual(['a', 'last record', 'queued']);
  });

  it('is noticed on pagehide, before the listeners that send last records', async () => {
    const { pageLeaving, analyticsLane } = await import('./analytics-lane');
    analyticsLane();
    let seen: boolean | undefined;
    window.addEventListener('pagehide', () => (seen = pageLeaving()));
    expect(pageLeaving()).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(seen).toBe(true);
  });
});

describe('beacons in the lane', () => {
  it('while visible, a beacon is a keepalive request that waits its turn', async () => {
    const lane = createLane(1);
    const gate = deferred();
    void lane.run(() => gate.promise);
    const sent: string[] = [];
    const result = sendByBeaconOrXhr('/api/v1/clanker/events', () => 'payload', 'application/json', {
      createXhr: fakeXhrFactory(200).create,
      sendBeacon: () => {
        throw new Error('sendBeacon is for leaving pages');
      },
      keepaliveBeacon: async (url, data) => void sent.push(`${url} ${data}`),
      pageHidden: () => false,
      lane,
    });
    await tick();
    expect(sent).toEqual([]);
    gate.resolve();
    await expect(result).resolves.toEqual({ delivery: 'beacon' });
    expect(sent).toEqual(['/api/v1/clanker/events payload']);
  });

  it('when the page is hidden, sendBeacon goes at once, whatever the lane holds', async () => {
    const lane = createLane(1);
    void lane.run(() => new Promise<void>(() => undefined));
    const beacons: string[] = [];
    const result = await sendByBeaconOrXhr('/api/1/performance/records', (d) => `[${d}]`, 'text/plain', {
      createXhr: fakeXhrFactory(200).create,
      sendBeacon: (url, data) => beacons.push(`${url} ${data}`) > 0,
      keepaliveBeacon: () => Promise.reject(new Error('not while hidden')),
      pageHidden: () => true,
      lane,
    });
    expect(result).toEqual({ delivery: 'beacon' });
    expect(beacons).toEqual(['/api/1/performance/records [beacon]']);
  });

  it('a keepalive beacon that gets no answer falls back to an XHR', async () => {
    const fake = fakeXhrFactory(202);
    const result = await sendByBeaconOrXhr('/x', (d) => d, 'application/json', {
      createXhr: fake.create,
      keepaliveBeacon: () => Promise.reject(new TypeError('Failed to fetch')),
      pageHidden: () => false,
      lane: createLane(2),
    });
    expect(result).toEqual({ delivery: 'xhr', status: 202 });
    expect(fake.made.map((x) => x.body)).toEqual(['xhr']);
  });
});
