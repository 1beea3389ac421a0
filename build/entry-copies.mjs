import { readFileSync } from 'node:fs';
import ts from 'typescript';

const PREFIX = '\0entry-copy:';

/**
 * Rollup plugin: the storefront entry bundles its own copy of the tiny modules it shares with
 * the lazy chunks (contract/, runtime/early-events.ts). Shared normally, rollup would leave them
 * in storefront.js, whose chunks would then import `../storefront.js`, or move them into a
 * chunk that storefront.js imports up front. Only for modules with no state of their own (what
 * they share lives on the global object), since the entry and the chunks each run their copy.
 *
 * @param {{ entryDir: string; copied: (id: string) => boolean }} options `entryDir`: the folder
 *   of the entry's own modules; `copied`: which resolved modules they (and the copies) get copies of.
 */
export function entryCopies({ entryDir, copied }) {
  return {
    name: 'entry-copies',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromCopy = importer.startsWith(PREFIX);
      const from = fromCopy ? importer.slice(PREFIX.length) : importer;
      if (!fromCopy && !from.startsWith(entryDir)) return null;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !copied(resolved.id)) return resolved;
      return PREFIX + resolved.id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      this.addWatchFile(file);
      const { outputText, sourceMapText } = ts.transpileModule(readFileSync(file, 'utf8'), {
        fileName: file,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, sourceMap: true },
      });
      return { code: outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''), map: sourceMapText };
    },
  };
}

/** Whether `id` is a copy made by entryCopies (manualChunks leaves those in the entry). */
export function isEntryCopy(id) {
  return id.startsWith(PREFIX);
}
