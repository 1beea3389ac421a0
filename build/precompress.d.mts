/** The compressed copies of `bytes`: brotli at its best quality, gzip at level 9. */
export function compressedCopies(bytes: Uint8Array): { br: Buffer; gz: Buffer };
/** Rollup plugin: a .br and a .gz copy beside every emitted script. */
export function precompress(): { name: string; writeBundle(options: unknown, bundle: Record<string, unknown>): void };
