import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadManifest } from './preload-manifest.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const file = (path: string) => join(ROOT, path);

describe('the preload manifest', () => {
  it('maps each eagerly loaded tag and markup selector to its chunk and every chunk it imports statically', () => {
    const bundle = {
      'storefront.js': {
        type: 'chunk',
        fileName: 'storefront.js',
        imports: [],
        facadeModuleId: file('storefront/loader.ts'),
      },
      'chunks/a.element-1.js': {
        type: 'chunk',
        fileName: 'chunks/a.element-1.js',
        imports: ['chunks/react-2.js', 'chunks/theme-4.js'],
        facadeModuleId: file('widgets/a/a.element.ts'),
      },
      'chunks/react-2.js': {
        type: 'chunk',
        fileName: 'chunks/react-2.js',
        imports: ['chunks/runtime-3.js'],
        facadeModuleId: null,
      },
      'chunks/runtime-3.js': { type: 'chunk', fileName: 'chunks/runtime-3.js', imports: [], facadeModuleId: null },
      'chunks/theme-4.js': { type: 'chunk', fileName: 'chunks/theme-4.js', imports: [], facadeModuleId: null },
      'chunks/box-5.js': {
        type: 'chunk',
        fileName: 'chunks/box-5.js',
        imports: ['chunks/runtime-3.js'],
        facadeModuleId: null,
        moduleIds: [file('widgets/b/helper.ts'), file('widgets/b/box.ts')],
      },
      'chunks/lazy-6.js': {
        type: 'chunk',
        fileName: 'chunks/lazy-6.js',
        imports: [],
        facadeModuleId: file('widgets/c/c.element.ts'),
      },
      'chunks/late-7.js': {
        type: 'chunk',
        fileName: 'chunks/late-7.js',
        imports: [],
        facadeModuleId: file('widgets/d/d.element.ts'),
      },
      'preload-manifest.json': { type: 'asset', fileName: 'preload-manifest.json' },
    };
    const scanned = {
      widgets: [
        { tag: 'store-a', module: '../widgets/a/a.element', nearViewport: null, afterInteractive: false },
        {
          tag: 'store-c',
          module: '../widgets/c/c.element',
          nearViewport: { module: 'x', name: 'y' },
          afterInteractive: false,
        },
        { tag: 'store-d', module: '../widgets/d/d.element', nearViewport: null, afterInteractive: true },
      ],
      enhancers: [{ selector: '.box[data-id]', module: '../widgets/b/box' }],
    };
    expect(preloadManifest(bundle, scanned, ROOT)).toEqual({
      tags: { 'store-a': ['chunks/a.element-1.js', 'chunks/react-2.js', 'chunks/runtime-3.js', 'chunks/theme-4.js'] },
      markup: { '.box[data-id]': ['chunks/box-5.js', 'chunks/runtime-3.js'] },
      afterInteractive: ['chunks/late-7.js'],
    });
  });

  it('fails the build when a registered module is in no chunk', () => {
    expect(() =>
      preloadManifest(
        {},
        { widgets: [{ tag: 'store-a', module: '../widgets/a/a.element', nearViewport: null }], enhancers: [] },
        ROOT,
      ),
    ).toThrow(/no chunk holds/);
  });
});
