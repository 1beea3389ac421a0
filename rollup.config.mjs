import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { precompress } from './build/precompress.mjs';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { entryCopies, isEntryCopy } from './build/entry-copies.mjs';
import { storefrontCss, storefrontRegistry } from './build/registry-generator.mjs';
import { preloadManifestPlugin } from './build/preload-manifest.mjs';
import { documentationOnly } from './build/documentation-only.mjs';
import { storefrontTypes } from './build/types-generator.mjs';

/**
 * Constants the sources read as `process.env.*`: production React, and which build this is
 * (`STOREFRONT_BUILD`: 'react' or 'lite'; unit tests see neither, and get the React build's code).
 */
function buildConstants(build) {
  return replace({
    preventAssignment: true,
    values: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      'process.env.STOREFRONT_BUILD': JSON.stringify(build),
    },
  });
}

/**
 * The registry's dynamic entries (tag and markup modules) whose code, as the loader fetches it for a
 * page, needs module `id`: walks up the static importers to the modules the tag registry imports.
 * Code fetched later (dialogs, click-only forms) does not count.
 */
function entriesNeeding(id, getModuleInfo, seen = new Set()) {
  const entries = new Set();
  if (seen.has(id)) return entries;
  seen.add(id);
  const info = getModuleInfo(id);
  if (!info) return entries;
  if (info.dynamicImporters.some((importer) => importer.endsWith('/storefront/registry.generated.ts'))) entries.add(id);
  for (const importer of info.importers) for (const e of entriesNeeding(importer, getModuleInfo, seen)) entries.add(e);
  return entries;
}

/** The widgets (folders under widgets/, or analytics) of the entries that need module `id`. */
function widgetsNeeding(id, getModuleInfo) {
  return new Set(
    [...entriesNeeding(id, getModuleInfo)].map((entry) => /\/(widgets\/[^/]+|analytics)\//.exec(entry)?.[1] ?? entry),
  );
}

/** The widgets whose shared runtime code makes up the runtime chunk (see manualChunks). */
const CORE_WIDGETS = new Set(['widgets/cart-pill', 'widgets/add-to-cart', 'widgets/cart-page']);

/** Empties dist/ first so old hashed chunks never linger beside new ones. */
const cleanDist = { name: 'clean-dist', buildStart: () => rmSync('dist', { recursive: true, force: true }) };

/**
 * dist/storefront.js is the loader (storefront/); every widget, React and the shared runtime
 * land in dist/chunks/ and are fetched only when a page needs them.
 */
const storefront = {
  input: { storefront: 'storefront/loader.ts' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
    // Two shared chunks with plain names: React, and the runtime every widget uses.
    manualChunks(id, { getModuleInfo }) {
      // The entry's own copies of contract/, runtime/early-events.ts, early-clicks.ts and experiments.ts (see entryCopies) stay in it.
      if (isEntryCopy(id)) return undefined;
      // React, and the only runtime files that use it: the runtime chunk stays React-free, so
      // a page with no React widget (only <store-census>, say) never downloads React.
      if (/node_modules\/(react|react-dom|scheduler|@r2wc|preact)\//.test(id)) return 'react';
      if (/\/storefront\/lite\//.test(id)) return 'react';
      if (
        /\/(runtime\/(define-widget|control-classes|cart\/use-cart\.hooks)|widgets\/ui\/(use-host-state|lazy-part|controls))\.tsx?$/.test(
          id,
        )
      )
        return 'react';
      if (/node_modules\/(ky|zustand)\//.test(id)) return 'runtime';
      // Analytics ships with <store-census> only: other widgets just emit bus events.
      if (/\/analytics\//.test(id) || /node_modules\/web-vitals\//.test(id)) return undefined;
      // Small widget modules the commerce core needs on every page that sells, free of React: the
      // theme helpers and the product form's reader. (Enhancers of platform markup, such as amounts
      // and cart links, are chunks of their own: only a page with their markup fetches them.)
      if (/\/widgets\/(ui\/(theme|control-styles)|additional-fields\/form-definition)\.ts$/.test(id)) return 'runtime';
      // The strings of the cart pill, on every store page (the cart links' enhancer shows them too).
      if (/\/contract\/widget-messages\/cart-pill\.ts$/.test(id)) return 'runtime';
      // Code two entries of one widget share (the add button's element and its platform markup):
      // one chunk for the widget, not one per combination. A platform markup enhancer is a chunk of
      // its own beside it, so a page with the widget's tag does not fetch the enhancer's code.
      const folder = /\/widgets\/([^/]+)\/[^/]+$/.exec(id)?.[1];
      if (folder && !/\.element\.ts$/.test(id)) {
        const entries = [...entriesNeeding(id, getModuleInfo)];
        if (entries.length > 1 && !entries.includes(id) && entries.every((e) => e.includes(`/widgets/${folder}/`)))
          return `${folder}-shared`;
      }
      // Dialogs' focus trap goes with the dialogs (and the gallery), not to every page.
      if (/\/runtime\/focus-containment\.ts$/.test(id)) return undefined;
      // Widget strings go with the widgets that show them (a chunk carries only its own).
      if (/\/contract\/widget-messages\//.test(id)) return undefined;
      // The runtime code of one widget only (its calls, its contract) goes with that widget. Shared
      // code the commerce core needs (the cart pill is on every store page, the add button on the
      // pages that sell, the cart page) is the runtime chunk; the rest of the shared code waits in
      // runtime-more, so the product page fetches none of it before it is interactive.
      if (/\/runtime\//.test(id) || /\/contract\//.test(id)) {
        const widgets = widgetsNeeding(id, getModuleInfo);
        if (widgets.size < 2) return undefined;
        return [...widgets].some((w) => CORE_WIDGETS.has(w)) ? 'runtime' : 'runtime-more';
      }
      return undefined;
    },
  },
  plugins: [
    cleanDist,
    storefrontRegistry(),
    storefrontCss(),
    entryCopies({
      entryDir: fileURLToPath(new URL('storefront/', import.meta.url)),
      // The loader's own text (an element whose code could not load) comes from the error strings.
      copied: (id) =>
        /\/(contract\/([^/]+|widget-messages\/error)|runtime\/(early-events|early-clicks|experiments|loader-api|provide-loader-api|errors\/chunk-load|ensure-styles|session\/page-nonce))\.ts$/.test(
          id,
        ),
    }),
    buildConstants('react'),
    // Widget definitions' theme and event documentation stays out of the bundles.
    documentationOnly(),
    nodeResolve({ browser: true }),
    commonjs(),
    typescript({
      tsconfig: './tsconfig.json',
      include: [
        'contract/**/*.ts',
        'storefront/**/*.ts',
        'runtime/**/*.ts',
        'runtime/**/*.tsx',
        'analytics/**/*.ts',
        'widgets/**/*.ts',
        'widgets/**/*.tsx',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
      compilerOptions: { noEmit: false, declaration: false, sourceMap: true, types: [] },
      noEmitOnError: true,
    }),
    terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
    precompress(),
    // dist/preload-manifest.json: tag or markup -> the chunks it needs, for modulepreload links.
    preloadManifestPlugin(),
    // dist/storefront.d.ts and dist/custom-elements.json, for theme developers.
    storefrontTypes(),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning);
  },
};

/** Where the lite build finds what the sources import from React. */
const LITE_ALIASES = {
  react: fileURLToPath(new URL('build/lite/react.mjs', import.meta.url)),
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/** Resolves React's module names to Preact's (for every importer but the shim itself). */
const preactAliases = {
  name: 'preact-aliases',
  resolveId(source, importer, options) {
    const target = LITE_ALIASES[source];
    if (!target || importer === LITE_ALIASES.react) return null;
    return this.resolve(target, importer, { ...options, skipSelf: true });
  },
};

/**
 * dist/lite/: the same sources on `preact/compat` instead of React, for pages that weigh every
 * kilobyte (see docs/embedding.md). Same loader, same tags, same chunks by name.
 */
const lite = {
  ...storefront,
  output: { ...storefront.output, dir: 'dist/lite' },
  plugins: [
    preactAliases,
    buildConstants('lite'),
    ...storefront.plugins.filter(
      (p) => p && !['clean-dist', 'storefront-types', 'storefront-registry', 'replace'].includes(p.name),
    ),
  ],
};

/** dist/template.js: the template engine as one self-contained ES module, for Node and browsers. */
const template = {
  input: 'template/index.ts',
  output: { file: 'dist/template.js', format: 'es', sourcemap: true },
  plugins: [
    typescript({
      tsconfig: './tsconfig.json',
      include: ['contract/**/*.ts', 'template/**/*.ts'],
      exclude: [
        '**/*.test.ts',
        '**/*.generate.ts',
        // The Node-only compiler and the engine's test rig (comparisons with the reference engine): never part of the bundle.
        'template/templatec.ts',
        'template/testing/**',
      ],
      compilerOptions: { noEmit: false, declaration: false, sourceMap: true, types: [] },
      noEmitOnError: true,
    }),
    terser({ format: { comments: false } }),
    precompress(),
  ],
};

export default [storefront, lite, template];
