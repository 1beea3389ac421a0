// Rollup plugin: writes a brotli (.br) and a gzip (.gz) copy beside every script the build
// emits, so the server answers with compressed bytes without compressing per request.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The compressed copies of `bytes`: brotli at its best quality, gzip at level 9. */
export function compressedCopies(bytes) {
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz: gzipSync(bytes, { level: 9 }),
  };
}

export function precompress() {
  return {
    name: 'precompress',
    writeBundle(options, bundle) {
      const dir = options.dir ?? dirname(options.file);
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.js')) continue;
        const path = join(dir, fileName);
        const copies = compressedCopies(readFileSync(path));
        writeFileSync(`${path}.br`, copies.br);
        writeFileSync(`${path}.gz`, copies.gz);
      }
    },
  };
}
