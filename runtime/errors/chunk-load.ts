/**
 * Chunk loading failures (platform spec, section 9): a chunk that does not arrive within
 * {@link CHUNK_LOAD_TIMEOUT_MS}, or fails, rejects with a `ChunkLoadError` "Loading chunk {id}
 * failed". The loader keeps the failures on the global object until the runtime's error reporter
 * takes them (the loader ships without the runtime). Imports nothing: the loader bundles its own copy.
 */

/** How long a chunk may take to arrive. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The code of a stylesheet chunk's failure. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** `CSS_CHUNK_LOAD_FAILED` for a stylesheet chunk; absent for a script chunk. */
  readonly code?: typeof CSS_CHUNK_LOAD_FAILED;
  constructor(
    /** The chunk: the tag or markup selector whose code it holds. */
    readonly chunkId: string,
    options: { css?: boolean; cause?: unknown } = {},
  ) {
    super(`Loading chunk ${chunkId} failed`, { cause: options.cause });
    if (options.css) this.code = CSS_CHUNK_LOAD_FAILED;
  }
}

const FAILURES = Symbol.for('storefront.chunk-load-failures');
type Scope = { [FAILURES]?: ChunkLoadError[] | ((error: ChunkLoadError) => void) };

/** Hands a failure to the error reporter, or keeps it until the reporter starts. */
export function keepChunkLoadError(error: ChunkLoadError): void {
  const scope = globalThis as Scope;
  const sink = scope[FAILURES];
  if (typeof sink === 'function') sink(error);
  else scope[FAILURES] = [...(sink ?? []), error];
}

/** The reporter's side: the failures kept so far go to `report`, and every later one too. */
export function reportChunkLoadErrorsTo(report: (error: ChunkLoadError) => void): void {
  const scope = globalThis as Scope;
  const kept = scope[FAILURES];
  scope[FAILURES] = report;
  if (Array.isArray(kept)) kept.forEach(report);
}

/** Forgets the reporter and what was kept (tests start each case from a fresh page). */
export function resetChunkLoadErrors(): void {
  delete (globalThis as Scope)[FAILURES];
}

/** How a chunk is loaded. */
export interface LoadChunkOptions {
  /** The chunk carries only styles: its failure has the code `CSS_CHUNK_LOAD_FAILED`. */
  css?: boolean;
  /** How long it may take (default {@link CHUNK_LOAD_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/**
 * `load()`, failing as a {@link ChunkLoadError} when it rejects or has not settled after
 * `timeoutMs`. A chunk that arrives after its timeout is not used by this call.
 */
export function loadChunk<T>(chunkId: string, load: () => Promise<T>, options: LoadChunkOptions = {}): Promise<T> {
  const { css = false, timeoutMs = CHUNK_LOAD_TIMEOUT_MS } = options;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId, { css })), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, { css, cause }));
      },
    );
  });
}

/**
 * A chunk that did not load: said in the console, and a `ChunkLoadError` goes to the error
 * reporter (kept until it starts). Whoever asked for the chunk asks again on the next need.
 */
export function chunkLoadFailed(error: unknown): void {
  console.warn(error instanceof Error ? error.message : error, error);
  if (error instanceof ChunkLoadError) keepChunkLoadError(error);
}
