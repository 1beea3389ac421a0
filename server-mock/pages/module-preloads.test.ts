import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addModulePreloads, chunksForPage, manifestReader, type PreloadManifest } from './module-preloads';

const MANIFEST: PreloadManifest = {
  tags: {
    'store-cart-pill': ['chunks/cart-pill.element-A.js', 'chunks/react-R.js', 'chunks/runtime-U.js'],
    'store-add-to-cart': ['chunks/add-to-cart.element-B.js', 'chunks/react-R.js', 'chunks/runtime-U.js'],
  },
  markup: {
    '.sqs-add-to-cart-button[data-item-id]': ['chunks/platform-add-to-cart-C.js', 'chunks/runtime-U.js'],
    '.sqs-money-native': ['chunks/money-native-D.js', 'chunks/runtime-U.js'],
  },
  afterInteractive: [],
};

const LOADER = '<script type="module" src="/storefront.js" nonce="abc+/="></script>';

function page(head: string, body: string): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

describe('module preloads', () => {
  it('lists the chunks of the tags and platform markup in the page, each once', () => {
    const html = page(
      LOADER,
      '<store-cart-pill></store-cart-pill><div class="sqs-add-to-cart-button x" data-item-id="p1" role="button"></div>',
    );
    expect(chunksForPage(html, MANIFEST)).toEqual([
      'chunks/cart-pill.element-A.js',
      'chunks/react-R.js',
      'chunks/runtime-U.js',
      'chunks/platform-add-to-cart-C.js',
    ]);
  });

  it('does not take markup that misses a class or an attribute of the selector', () => {
    const html = page(
      LOADER,
      '<div class="sqs-add-to-cart-button-wrapper" data-item-id="p1"></div><div class="sqs-add-to-cart-button"></div><store-cart-pillow></store-cart-pillow>',
    );
    expect(chunksForPage(html, MANIFEST)).toEqual([]);
  });

  it('adds the links after the loader, with its origin and nonce', () => {
    const cdn = '<script type="module" src="https://cdn.example/shop/storefront.js" nonce="n1"></script>';
    const html = addModulePreloads(page(cdn, '<span class="sqs-money-native">$1</span>'), MANIFEST);
    expect(html).toContain(
      `${cdn}\n<link rel="modulepreload" href="https://cdn.example/shop/chunks/money-native-D.js" nonce="n1">\n` +
        '<link rel="modulepreload" href="https://cdn.example/shop/chunks/runtime-U.js" nonce="n1"></head>',
    );
  });

  it('leaves a page without the loader, or without widgets, as it is', () => {
    const noLoader = page('', '<store-cart-pill></store-cart-pill>');
    expect(addModulePreloads(noLoader, MANIFEST)).toBe(noLoader);
    const noWidgets = page(LOADER, '<p>Hello</p>');
    expect(addModulePreloads(noWidgets, MANIFEST)).toBe(noWidgets);
  });

  it('reads the manifest of a bundle folder, and none where the build wrote none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'preload-'));
    try {
      const read = manifestReader(dir);
      expect(read()).toBeNull();
      writeFileSync(join(dir, 'preload-manifest.json'), JSON.stringify(MANIFEST));
      expect(read()).toEqual(MANIFEST);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
