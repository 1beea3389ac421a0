import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_RECORDING_MOCK_ID, type SessionRecordingAnswer } from '../contract/session-recording';
import { fakeCookieJar } from '../testing/fake-cookie-jar';
import {
  decideSessionRecording,
  isSampled,
  sampleBucket,
  SESSION_RECORDING_DECISION_MS,
  SESSION_RECORDING_STORAGE_KEY,
  startSessionRecording,
  type SessionRecordingSignals,
} from './session-recording';
import { createStoredValues } from './storage/stored-values';

/** A visitor id in the sample of `percent` and one out of it. */
function visitorIds(percent: number): { inside: string; outside: string } {
  const ids = Array.from({ length: 400 }, (_, i) => `visitor-${i}`);
  const inside = ids.find((id) => sampleBucket(id) < percent);
  const outside = ids.find((id) => sampleBucket(id) >= percent);
  if (!inside || !outside) throw new Error('no ids');
  return { inside, outside };
}

const { inside, outside } = visitorIds(50);
const account: SessionRecordingAnswer = { id: 'o-FF2026-na1', samplePercent: 50 };
const ok: SessionRecordingSignals = { cores: 4, toggleOn: true, visitorId: inside };

describe('sampling', () => {
  it('puts a visitor in a stable bucket 0 to 99, spread over the range', () => {
    const buckets = Array.from({ length: 2000 }, (_, i) => sampleBucket(`id-${i}`));
    expect(sampleBucket('id-7')).toBe(sampleBucket('id-7'));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    const half = buckets.filter((b) => b < 50).length / buckets.length;
    expect(half).toBeGreaterThan(0.45);
    expect(half).toBeLessThan(0.55);
  });

  it('samples nobody at 0, everybody with an id at 100, and nobody without an id', () => {
    expect(isSampled(inside, 0)).toBe(false);
    expect(isSampled(outside, 100)).toBe(true);
    expect(isSampled(null, 100)).toBe(false);
    expect(isSampled('', 100)).toBe(false);
  });
});

describe('the decision table', () => {
  it.each<[string, SessionRecordingSignals, SessionRecordingAnswer | null, string]>([
    ['4 cores, toggle on, sampled, real id', ok, account, 'recording'],
    ['3 cores is enough', { ...ok, cores: 3 }, account, 'recording'],
    ['2 cores is not more than 2', { ...ok, cores: 2 }, account, 'few-cores'],
    ['1 core', { ...ok, cores: 1 }, account, 'few-cores'],
    ['cores unknown', { ...ok, cores: undefined }, account, 'few-cores'],
    ['toggle off', { ...ok, toggleOn: false }, account, 'toggle-off'],
    ['few cores wins over toggle off', { ...ok, cores: 2, toggleOn: false }, account, 'few-cores'],
    ['the call failed', ok, null, 'unavailable'],
    ['an empty id', ok, { id: '', samplePercent: 100 }, 'unavailable'],
    ['the automated mock id', ok, { id: SESSION_RECORDING_MOCK_ID, samplePercent: 100 }, 'mock-id'],
    ['not sampled', { ...ok, visitorId: outside }, account, 'not-sampled'],
    ['no analytics id', { ...ok, visitorId: null }, account, 'not-sampled'],
    ['a sample of 0', ok, { ...account, samplePercent: 0 }, 'not-sampled'],
  ])('%s: %s', (_, signals, answer, reason) => {
    expect(decideSessionRecording(signals, answer)).toEqual({ record: reason === 'recording', reason });
  });
});

describe('startSessionRecording', () => {
  let now: number;
  let storage: Map<string, string>;
  const tab = () =>
    createStoredValues(
      {
        length: 0,
        clear: () => storage.clear(),
        key: () => null,
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      fakeCookieJar(),
      () => now,
    );
  beforeEach(() => {
    now = 1_000_000;
    storage = new Map();
  });

  it('asks the server, sends the decision and the id to analytics, and decides once per tab session', async () => {
    const fetchAnswer = vi.fn(async () => account);
    const track = vi.fn();
    const run = () => startSessionRecording({ ...ok, tab: tab(), now: () => now, fetchAnswer, track });
    expect(await run()).toEqual({ record: true, reason: 'recording' });
    expect(track).toHaveBeenCalledWith('session_recording', {
      recording: true,
      reason: 'recording',
      sessionRecordingId: 'o-FF2026-na1',
    });
    expect(await run()).toBeNull();
    expect(fetchAnswer).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledTimes(1);
    now += SESSION_RECORDING_DECISION_MS;
    expect(await run()).toEqual({ record: true, reason: 'recording' });
    expect(track).toHaveBeenCalledTimes(2);
  });

  it('makes no call when the device or the toggle rules recording out, and still reports why', async () => {
    const fetchAnswer = vi.fn(async () => account);
    const track = vi.fn();
    await startSessionRecording({ ...ok, cores: 2, tab: tab(), now: () => now, fetchAnswer, track });
    storage.delete(SESSION_RECORDING_STORAGE_KEY);
    await startSessionRecording({ ...ok, toggleOn: false, tab: tab(), now: () => now, fetchAnswer, track });
    expect(fetchAnswer).not.toHaveBeenCalled();
    expect(track.mock.calls).toEqual([
      ['session_recording', { recording: false, reason: 'few-cores', sessionRecordingId: null }],
      ['session_recording', { recording: false, reason: 'toggle-off', sessionRecordingId: null }],
    ]);
  });

  it('reports the mock id as such, and a failed call as unavailable, without throwing', async () => {
    const track = vi.fn();
    const mock = async () => ({ id: SESSION_RECORDING_MOCK_ID, samplePercent: 100 });
    await startSessionRecording({ ...ok, tab: tab(), now: () => now, fetchAnswer: mock, track });
    storage.clear();
    const failing = () => Promise.reject(new Error('offline'));
    await expect(
      startSessionRecording({ ...ok, tab: tab(), now: () => now, fetchAnswer: failing, track }),
    ).resolves.toEqual({ record: false, reason: 'unavailable' });
    expect(track.mock.calls).toEqual([
      ['session_recording', { recording: false, reason: 'mock-id', sessionRecordingId: SESSION_RECORDING_MOCK_ID }],
      ['session_recording', { recording: false, reason: 'unavailable', sessionRecordingId: null }],
    ]);
  });
});
