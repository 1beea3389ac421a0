import { describe, expect, it } from 'vitest';
import { withoutDocumentation } from './documentation-only.mjs';

describe('the documentation-only plugin', () => {
  it('drops cssProperties, parts and events from a widget definition, and nothing else', () => {
    const code = [
      'defineWidget<Props>({',
      '  tag: TAG,',
      '  component: Pill,',
      "  events: ['store-commerce'],",
      "  attributes: { itemId: 'string' },",
      '  styles: STYLES,',
      "  cssProperties: cssPropertiesOf('--store-font'),",
      '  // What a theme may style.',
      "  parts: { ...DIALOG_PARTS, 'store-pill': 'The pill' }",
      '});',
    ].join('\n');
    const result = withoutDocumentation(code, 'pill.element.ts');
    expect(result?.code.replace(/\s+/g, ' ')).toBe(
      "defineWidget<Props>({ tag: TAG, component: Pill, attributes: { itemId: 'string' }, styles: STYLES, });",
    );
  });

  it('leaves a file without a definition as it is', () => {
    expect(withoutDocumentation('export const parts = { events: 1 };', 'x.element.ts')).toBeNull();
  });
});
