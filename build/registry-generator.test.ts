// @vitest-environment happy-dom
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_BUTTON_CLASS,
  CART_LINK_CLASS,
  QUICK_VIEW_BUTTON_CLASS,
  GALLERY_BLOCK_CLASS,
  MONEY_NATIVE_CLASS,
  RESTOCK_NOTIFICATION_CLASS,
} from '../contract/class-names';
import { REGISTRY_FILE, registrySource, scanWidgets } from './registry-generator.mjs';
import { PLATFORM_MARKUP, WIDGETS } from '../storefront/registry.generated';
import '../runtime/provide-loader-api';

describe('the loader registry', () => {
  it('is the one the widget definitions give (run `node build/registry-generator.mjs` to update it)', async () => {
    const committed = readFileSync(join(import.meta.dirname, '..', REGISTRY_FILE), 'utf8');
    expect(committed).toBe(await registrySource());
  });

  it('maps every tag to the chunk that defines exactly that tag', async () => {
    for (const [tag, load] of Object.entries(WIDGETS)) {
      expect(customElements.get(tag), tag).toBeUndefined();
      await load();
      expect(customElements.get(tag), tag).toBeDefined();
    }
    // The first import of every widget compiles it: slow on a loaded machine.
  }, 30_000);

  it('maps the platform markup, named by the contract class names, to modules that enhance it', async () => {
    expect(Object.keys(PLATFORM_MARKUP)).toEqual([
      `.${ADD_TO_CART_BUTTON_CLASS}[data-item-id]`,
      `.${CART_LINK_CLASS}`,
      `.${GALLERY_BLOCK_CLASS}`,
      `.${MONEY_NATIVE_CLASS}`,
      `.${QUICK_VIEW_BUTTON_CLASS}[data-id]`,
      `.${RESTOCK_NOTIFICATION_CLASS}[data-product-id]`,
    ]);
    for (const load of Object.values(PLATFORM_MARKUP)) expect(typeof (await load()).enhance).toBe('function');
  }, 30_000);
});

describe('the registry generator', () => {
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'registry-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it('reads tags, near-viewport and after-interactive rules, reserved boxes and contract selectors', () => {
    const root = tree({
      'contract/names.ts': "export const BOX_CLASS = 'box';\nexport const Kind = { ONE: 1, TWO: 'two' } as const;",
      'contract/rules.ts': 'export function always() { return true; }',
      'widgets/a/a.element.ts':
        "import { always } from '../../contract/rules';\nconst TAG = 'store-a' as const;\nexport const LOAD_NEAR_VIEWPORT_IF = always;",
      'widgets/a/a.test.ts': "const TAG = 'store-test';",
      'widgets/b/b.element.ts':
        "import { Kind } from '../../contract/names';\nconst TAG = 'store-b';\nexport const LOAD_AFTER_INTERACTIVE = true;\nexport const RESERVED_BOX = `store-b[k='${Kind.ONE}'], store-b[k='${Kind.TWO}'] { min-height: 2rem; }`;",
      'widgets/b/box.ts':
        "import { BOX_CLASS as BOX } from '../../contract/names';\nexport const ENHANCES = `div.${BOX}[data-id]`;",
      'widgets/b/late.ts': "export const ENHANCES = 'div.late';\nexport const ENHANCE_AFTER_INTERACTIVE = true;",
    });
    try {
      expect(scanWidgets(root)).toEqual({
        widgets: [
          {
            tag: 'store-a',
            module: '../widgets/a/a.element',
            nearViewport: { module: '../contract/rules', name: 'always' },
            afterInteractive: false,
          },
          {
            tag: 'store-b',
            module: '../widgets/b/b.element',
            nearViewport: null,
            afterInteractive: true,
            reservedBox: "store-b[k='1'], store-b[k='two'] { min-height: 2rem; }",
          },
        ],
        enhancers: [
          { selector: 'div.box[data-id]', module: '../widgets/b/box', afterInteractive: false },
          { selector: 'div.late', module: '../widgets/b/late', afterInteractive: true },
        ],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses what the loader could not take without widget code', () => {
    const cases: Record<string, string>[] = [
      { 'widgets/a/a.element.ts': "export const tag = 'store-a';" },
      { 'widgets/a/a.element.ts': "const TAG = 'a-widget';" },
      { 'widgets/a/a.element.ts': "const TAG = 'store-a';", 'widgets/b/b.element.ts': "const TAG = 'store-a';" },
      {
        'widgets/a/a.element.ts':
          "import { ok } from './rule';\nconst TAG = 'store-a';\nexport const LOAD_NEAR_VIEWPORT_IF = ok;",
      },
      { 'widgets/a/x.ts': "import { X } from './names';\nexport const ENHANCES = `.${X}`;" },
      { 'widgets/a/x.ts': 'export const ENHANCES = pick();' },
      {
        'contract/names.ts': 'export const Kind = { ONE: 1 } as const;',
        'widgets/a/x.ts': "import { Kind } from '../../contract/names';\nexport const ENHANCES = `[k='${Kind.TWO}']`;",
      },
    ];
    for (const files of cases) {
      const root = tree(files);
      try {
        expect(() => scanWidgets(root), JSON.stringify(files)).toThrow();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
  });
});
