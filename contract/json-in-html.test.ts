import { describe, expect, it } from 'vitest';
import { jsonForHtml } from './json-in-html';

describe('jsonForHtml', () => {
  const hostile = {
    name: '<!--<script>XSSd',
    close: '</script><script>alert(1)</script>',
    lines: 'a\u2028b\u2029c',
    amp: 'R&D > Q&A',
  };

  it('leaves no character that could end or change a script element', () => {
    const text = jsonForHtml(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c!--\\u003cscript\\u003eXSSd');
    expect(text).toContain('a\\u2028b\\u2029c');
  });

  it('parses back to the same value, indented or not', () => {
    expect(JSON.parse(jsonForHtml(hostile))).toEqual(hostile);
    expect(JSON.parse(jsonForHtml(hostile, 2))).toEqual(hostile);
    expect(jsonForHtml({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
  });

  it('writes null for what JSON cannot hold', () => {
    expect(jsonForHtml(undefined)).toBe('null');
  });
});
