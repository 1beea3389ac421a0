import { describe, expect, it } from 'vitest';
import { controlCharacterMessage, findControlCharacter } from './control-characters';

describe('findControlCharacter', () => {
  it('finds NUL and the C0 range, a lone CR and DEL, wherever they are in parsed JSON', () => {
    for (const code of [0, 1, 8, 11, 12, 13, 14, 27, 31, 127]) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(findControlCharacter(text, 'label'), String(code)).toEqual({
        path: 'label',
        codePoint: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`,
      });
    }
    expect(findControlCharacter({ header: { links: [{ label: 'ok' }, { label: 'Sh\0p' }] } }, '')).toEqual({
      path: 'header.links[1].label',
      codePoint: 'U+0000',
    });
    expect(findControlCharacter({ 'na\u0001me': 'x' }, '')?.path).toBe('a field name');
    expect(findControlCharacter(['\u001f'], 'tags')?.path).toBe('tags[0]');
  });

  it('takes tabs, line feeds, CRLF line breaks and any other character', () => {
    for (const text of ['a\tb', 'a\nb', 'line\r\nbreak', 'café ☕ \u0085 \u00a0 \u2028', '']) {
      expect(findControlCharacter({ text, list: [text, 1, null, true] }, ''), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('walks nesting as deep as JSON.parse reads, without overflowing', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(findControlCharacter(deep, 'body')?.codePoint).toBe('U+0000');
  });

  it('says where, which, and what is allowed', () => {
    expect(controlCharacterMessage({ path: 'footer.text', codePoint: 'U+0000' })).toBe(
      'footer.text holds a control character (U+0000): text may hold tabs and line breaks, no other control characters.',
    );
  });
});
