/**
 * Rollup plugin: writes `preload-manifest.json` beside the loader, from the bundle graph. For
 * every tag and every piece of platform markup the loader fetches code for at once (not the
 * near-viewport and after-interactive tags), it lists the chunk that defines it and every chunk
 * that chunk imports statically, transitively: what a server that knows its page's markup can
 * announce with `<link rel="modulepreload">` (server-mock/pages/module-preloads.ts).
 */
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { scanWidgets } from './registry-generator.mjs';

export const PRELOAD_MANIFEST = 'preload-manifest.json';

/** The source file a registry module path (relative to storefront/, no extension) stands for. */
function sourceFile(root, module) {
  const base = resolve(join(root, 'storefront'), module);
  return ['.ts', '.tsx'].map((ending) => base + ending).find((file) => existsSync(file)) ?? `${base}.ts`;
}

/**
 * The manifest of a bundle: `{ tags: { tag: [file, …] }, markup: { selector: [file, …] },
 * afterInteractive: [file, …] }`, files relative to the output folder, the defining chunk first;
 * `afterInteractive` names the defining chunks the loader holds until the page is interactive.
 * @param {Record<string, { type: string; fileName: string; imports?: string[]; facadeModuleId?: string | null; moduleIds?: string[] }>} bundle
 * @param {{ widgets: { tag: string; module: string; nearViewport: unknown; afterInteractive?: boolean }[]; enhancers: { selector: string; module: string; afterInteractive?: boolean }[] }} scanned
 * @param {string} root
 */
export function preloadManifest(bundle, scanned, root) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const chunkOf = (file) =>
    chunks.find((chunk) => chunk.facadeModuleId === file) ?? chunks.find((chunk) => chunk.moduleIds?.includes(file));
  const closure = (chunk) => {
    const files = [];
    const visit = (fileName) => {
      if (files.includes(fileName)) return;
      files.push(fileName);
      for (const imported of bundle[fileName]?.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    return files;
  };
  const entry = (module) => {
    const chunk = chunkOf(sourceFile(root, module));
    if (!chunk) throw new Error(`preload manifest: no chunk holds ${module}`);
    return closure(chunk);
  };
  const tags = {};
  const afterInteractive = new Set();
  for (const widget of scanned.widgets) {
    if (widget.afterInteractive) afterInteractive.add(entry(widget.module)[0]);
    if (widget.nearViewport || widget.afterInteractive) continue;
    tags[widget.tag] = entry(widget.module);
  }
  const markup = {};
  for (const enhancer of scanned.enhancers) {
    if (enhancer.afterInteractive) {
      afterInteractive.add(entry(enhancer.module)[0]);
      continue;
    }
    markup[enhancer.selector] = entry(enhancer.module);
  }
  return { tags, markup, afterInteractive: [...afterInteractive].sort() };
}

export function preloadManifestPlugin(root = resolve(import.meta.dirname, '..')) {
  return {
    name: 'preload-manifest',
    generateBundle(_options, bundle) {
      const manifest = preloadManifest(bundle, scanWidgets(root), root);
      this.emitFile({ type: 'asset', fileName: PRELOAD_MANIFEST, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
