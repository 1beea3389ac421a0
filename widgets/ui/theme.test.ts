import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as DefineWidget from '../../runtime/define-widget';
import type { WidgetDefinition, WidgetHostProps } from '../../runtime/define-widget';
import { DIALOG_STYLES } from './dialog-styles';
import { FORM_STYLES } from '../additional-fields/form-styles';
import { propertiesUsedBy, themed, THEME_PROPERTIES } from './theme';

/** Every definition handed to defineWidget by the element files imported below. */
const definitions = vi.hoisted(() => new Map<string, WidgetDefinition<WidgetHostProps>>());

vi.mock('../../runtime/define-widget', async (importOriginal) => {
  const actual = await importOriginal<typeof DefineWidget>();
  return {
    ...actual,
    defineWidget: (definition: WidgetDefinition<WidgetHostProps>) => {
      definitions.set(definition.tag, definition);
    },
  };
});

/** Widget folder -> its tag and element file, for every widget with styles. */
const ELEMENTS = {
  'add-to-cart': ['store-add-to-cart', () => import('../add-to-cart/add-to-cart.element')],
  'catalog-admin': ['store-catalog-admin', () => import('../catalog-admin/catalog-admin.element')],
  'cart-page': ['store-cart-page', () => import('../cart-page/cart-page.element')],
  'cart-pill': ['store-cart-pill', () => import('../cart-pill/cart-pill.element')],
  'installment-pill': ['store-installment-pill', () => import('../installment-pill/installment-pill.element')],
  'product-block': ['store-product-block', () => import('../product-block/product-block.element')],
  'restock-admin': ['store-restock-admin', () => import('../restock-admin/restock-admin.element')],
  'restock-box': ['store-restock-box', () => import('../restock-box/restock-box.element')],
  'reviews-loader': ['store-reviews', () => import('../reviews-loader/reviews.element')],
  'site-form': ['store-site-form', () => import('../site-form/site-form.element')],
  popup: ['store-popup', () => import('../popup/popup.element')],
  'language-picker': ['store-language-picker', () => import('../language-picker/language-picker.element')],
  'header-footer-editor': [
    'store-header-footer-editor',
    () => import('../header-footer-editor/header-footer-editor.element'),
  ],
  'language-editor': ['store-language-editor', () => import('../language-editor/language-editor.element')],
} as const;

async function definitionIn(folder: keyof typeof ELEMENTS): Promise<WidgetDefinition<WidgetHostProps>> {
  const [tag, load] = ELEMENTS[folder];
  await load();
  const definition = definitions.get(tag);
  if (!definition) throw new Error(`${folder} did not define <${tag}>`);
  return definition;
}

/** The theming table rows of the tag's page in docs/widgets/: `| `--store-x` | … |` and `| `.store-x` | … |`. */
function pageNames(tag: string): { properties: string[]; classes: string[] } {
  const text = readFileSync(join(process.cwd(), 'docs', 'widgets', `${tag.replace(/^store-/, '')}.md`), 'utf8');
  const cells = [...text.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1] as string);
  return {
    properties: cells.filter((c) => c.startsWith('--store-')),
    classes: cells.filter((c) => c.startsWith('.')).map((c) => c.slice(1)),
  };
}

describe('the theme surface of every widget', () => {
  it.each(Object.keys(ELEMENTS) as (keyof typeof ELEMENTS)[])(
    '%s declares every custom property its CSS reads, each documented with its default, and its page lists them and its classes',
    async (folder) => {
      const definition = await definitionIn(folder);
      // A widget with dialogs or the additional-fields form styles them too, with CSS that may come
      // with their code (LazyDialog, the lazy parts' styles chunks).
      const dialogs = definition.parts && 'store-dialog' in definition.parts ? DIALOG_STYLES : '';
      const forms = definition.parts && 'store-form' in definition.parts ? FORM_STYLES : '';
      const used = propertiesUsedBy((definition.styles ?? '') + dialogs + forms);
      expect(used.length).toBeGreaterThan(0);
      const declared = Object.keys(definition.cssProperties ?? {}).sort();
      expect(declared).toEqual(used);
      for (const [name, text] of Object.entries(definition.cssProperties ?? {})) {
        expect(text, name).toMatch(/Default: /);
      }
      const page = pageNames(definition.tag);
      expect(page.properties.sort(), `docs/widgets page of ${definition.tag}`).toEqual(used);
      const parts = Object.keys(definition.parts ?? {}).sort();
      expect(parts.length).toBeGreaterThan(0);
      expect(page.classes.sort(), `docs/widgets page of ${definition.tag}`).toEqual(parts);
    },
  );

  it('reads every shared property with the widgets’ own look as its fallback', () => {
    expect(themed('--store-accent-color')).toBe('var(--store-accent-color, #111)');
    expect(themed('--store-focus-ring')).toBe('var(--store-focus-ring, 3px solid #1d5fd1)');
    // Unset, the font is inherited from the page.
    expect(themed('--store-font')).toBe('var(--store-font)');
    for (const name of Object.keys(THEME_PROPERTIES)) expect(name).toMatch(/^--store-[a-z-]+$/);
  });

  it('finds the properties a stylesheet reads', () => {
    expect(propertiesUsedBy('a { color: var(--store-x, red); b: var( --store-y); c: var(--other) }')).toEqual([
      '--store-x',
      '--store-y',
    ]);
  });
});
