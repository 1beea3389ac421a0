import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute } from '../index';
import { escapeAttribute, escapeHtml } from './formatters.core';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The escaping spelled out one character at a time. */
const naive = (text: string, specials: string) =>
  Array.from(text, (c) => (specials.includes(c) ? (ENTITIES[c] as string) : c)).join('');

// Mostly special characters, so that runs of them, and text before, between and after them, all occur.
const text = fc.string({ unit: fc.constantFrom('&', '<', '>', '"', "'", 'a', 'é', '😀', ' '), maxLength: 40 });

describe('HTML escaping', () => {
  it('escapes &, < and > in element content, and the double quote too in attributes', () => {
    expect(escapeHtml('a & "b" <c>')).toBe('a &amp; "b" &lt;c&gt;');
    expect(escapeAttribute('a & "b" <c>')).toBe('a &amp; &quot;b&quot; &lt;c&gt;');
    expect(escapeAttribute('<<&&>>""')).toBe('&lt;&lt;&amp;&amp;&gt;&gt;&quot;&quot;');
  });

  it('gives text without special characters back as it is', () => {
    const plain = 'Lorem ipsum dolor sit amet';
    expect(escapeHtml(plain)).toBe(plain);
    expect(escapeAttribute(plain)).toBe(plain);
    expect(escapeHtml('"quoted"')).toBe('"quoted"');
  });

  it('agrees with escaping each character on its own', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(escapeHtml(t)).toBe(naive(t, '&<>'));
        expect(escapeAttribute(t)).toBe(naive(t, '&<>"'));
      }),
      { numRuns: 2000 },
    );
  });
});

/** The formatter agrees with its rule, spelled out, on generated text of these characters. */
function followsRule(name: string, unit: fc.Arbitrary<string>, rule: (t: string) => string): void {
  fc.assert(
    fc.property(fc.string({ unit, maxLength: 12 }), (t) => {
      expect(execute(`{t|${name}}`, { t }).output).toBe(rule(t));
    }),
    { numRuns: 2000 },
  );
}

describe('url-encode', () => {
  /** The formatter's rule one character at a time: letters, digits and * - _ . / + @ stay, the rest is its UTF-8 bytes as %XX. */
  const expected = (t: string) =>
    Array.from(t, (c) =>
      /^[A-Za-z0-9*\-_./+@]$/.test(c)
        ? c
        : Array.from(new TextEncoder().encode(c), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    ).join('');
  const unit = fc.constantFrom(...'aZ09*-_./+@ !\'()~,é%&?#[]`^{}|\\:;=$"<>'.split(''), '😀');

  it('leaves letters, digits and * - _ . / + @ as they are and encodes the rest', () => {
    expect(execute('{t|url-encode}', { t: 'a-Z_0.9/x+y@z*' }).output).toBe('a-Z_0.9/x+y@z*');
    expect(execute('{t|url-encode}', { t: 'a b,c' }).output).toBe('a%20b%2Cc');
    followsRule('url-encode', unit, expected);
  });
});

describe('slugify', () => {
  /** The rule spelled out: lower case; letters, digits and hyphens kept; each run of whitespace one hyphen. */
  const naive = (t: string) => {
    let out = '';
    let inSpace = false;
    for (const ch of t.toLowerCase()) {
      if (/[a-z0-9-]/.test(ch)) {
        out += ch;
        inSpace = false;
      } else if (/\s/.test(ch)) {
        if (!inSpace) out += '-';
        inSpace = true;
      }
    }
    return out;
  };
  const unit = fc.constantFrom(...'ab-z09AZ \t\u00a0!é_.'.split(''));

  it('keeps a slug as it is and makes one of any other text', () => {
    expect(execute('{t|slugify}', { t: 'travel-2024' }).output).toBe('travel-2024');
    expect(execute('{t|slugify}', { t: 'Hello,  World ! x' }).output).toBe('hello-world-x');
    followsRule('slugify', unit, naive);
  });
});
