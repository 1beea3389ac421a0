import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  chunkLoadFailed,
  keepChunkLoadError,
  loadChunk,
  reportChunkLoadErrorsTo,
  resetChunkLoadErrors,
} from './chunk-load';

afterEach(() => resetChunkLoadErrors());

describe('loadChunk', () => {
  it('hands over the chunk that arrives', async () => {
    await expect(loadChunk('store-cart-pill', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it('fails as a ChunkLoadError "Loading chunk {id} failed", keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk('store-cart-pill', () => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).message).toBe('Loading chunk store-cart-pill failed');
    expect((error as ChunkLoadError).cause).toBe(cause);
    expect((error as ChunkLoadError).code).toBeUndefined();
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const outcome = loadChunk('store-reviews', () => never).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await outcome) as Error).message).toBe('Loading chunk store-reviews failed');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('marks a stylesheet chunk with CSS_CHUNK_LOAD_FAILED', () => {
    expect(new ChunkLoadError('theme', { css: true }).code).toBe('CSS_CHUNK_LOAD_FAILED');
  });

  it('loads a chunk of styles only as CSS: failing or timing out with CSS_CHUNK_LOAD_FAILED', async () => {
    const failed = (await loadChunk('dialog-styles', () => Promise.reject(new TypeError('offline')), {
      css: true,
    }).catch((e: unknown) => e)) as ChunkLoadError;
    expect(failed.message).toBe('Loading chunk dialog-styles failed');
    expect(failed.code).toBe('CSS_CHUNK_LOAD_FAILED');
    vi.useFakeTimers();
    const outcome = loadChunk('dialog-styles', () => new Promise<never>(() => undefined), { css: true }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(((await outcome) as ChunkLoadError).code).toBe('CSS_CHUNK_LOAD_FAILED');
    vi.useRealTimers();
  });
});

describe('chunkLoadFailed', () => {
  it('says it in the console and hands a ChunkLoadError to the error reporter', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reported: ChunkLoadError[] = [];
    reportChunkLoadErrorsTo((error) => reported.push(error));
    const error = new ChunkLoadError('dialog');
    chunkLoadFailed(error);
    expect(warn).toHaveBeenCalledWith('Loading chunk dialog failed', error);
    expect(reported).toEqual([error]);
    warn.mockRestore();
  });
});

describe('the error reporter and the loader', () => {
  it('gets the failures kept before it started, then each later one', () => {
    const first = new ChunkLoadError('store-cart-pill');
    const second = new ChunkLoadError('store-reviews');
    keepChunkLoadError(first);
    const reported: ChunkLoadError[] = [];
    reportChunkLoadErrorsTo((error) => reported.push(error));
    expect(reported).toEqual([first]);
    keepChunkLoadError(second);
    expect(reported).toEqual([first, second]);
  });
});
