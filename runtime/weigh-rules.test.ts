import { describe, expect, it } from 'vitest';
import { specificity, weighRules } from './weigh-rules';

describe('weighRules', () => {
  it('weighs a rule on a widget tag as nothing, and every other rule as one element', () => {
    expect(weighRules('store-pill { display: block; }')).toBe(':where(store-pill) { display: block; }');
    expect(weighRules('store-pill[data-x="1"]:focus-within { color: red; }')).toBe(
      ':where(store-pill[data-x="1"]:focus-within) { color: red; }',
    );
    expect(weighRules('.a .b > select { color: red; }')).toBe('html :where(.a .b > select) { color: red; }');
    expect(weighRules('store-pill .a { color: red; }')).toBe('html :where(store-pill .a) { color: red; }');
  });

  it('keeps a pseudo-element after the weighed part, where :where() cannot hold it', () => {
    expect(weighRules('.store-dialog::backdrop { background: black; }')).toBe(
      'html :where(.store-dialog)::backdrop { background: black; }',
    );
  });

  it('writes each selector of a list as a rule of its own', () => {
    expect(weighRules('.a, store-b , .c:is(.d, .e) { margin: 0; }').split('\n')).toEqual([
      ':where(store-b) { margin: 0; }',
      'html :where(.a) { margin: 0; }',
      'html :where(.c:is(.d, .e)) { margin: 0; }',
    ]);
  });

  it('orders the rules by the weight they were written with, so they override one another as written', () => {
    const css = '.form input { color: red; }\n.look { color: blue; }\n.form .look { color: green; }';
    expect(weighRules(css).split('\n')).toEqual([
      'html :where(.look) { color: blue; }',
      'html :where(.form input) { color: red; }',
      'html :where(.form .look) { color: green; }',
    ]);
  });

  it('keeps conditions around the rules inside them, and other at-rules as written', () => {
    const css =
      '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }\n@container (max-width: 12rem) { .a { width: 100%; } store-b { display: none; } }';
    expect(weighRules(css).split('\n')).toEqual([
      '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
      '@container (max-width: 12rem) { :where(store-b) { display: none; } }',
      '@container (max-width: 12rem) { html :where(.a) { width: 100%; } }',
    ]);
  });

  it('reads past braces and commas inside strings and comments', () => {
    expect(weighRules('/* a, b { } */ .q::before { content: "} {, "; }')).toBe(
      'html :where(.q)::before { content: "} {, "; }',
    );
  });
});

describe('specificity', () => {
  it('counts ids, then classes, attributes and pseudo-classes, then elements and pseudo-elements', () => {
    expect(specificity('button')).toBe(1);
    expect(specificity('.a')).toBe(100);
    expect(specificity('[type=button]:not(:disabled)')).toBe(200);
    expect(specificity('#main a')).toBe(10001);
    expect(specificity('.a::before')).toBe(101);
    expect(specificity(':where(.a .b) p')).toBe(1);
    expect(specificity(':is(.a, #b) *')).toBe(10000);
  });
});
