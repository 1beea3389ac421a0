import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, writeCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\r\nthere"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\r\nthere'],
    ]);
    expect(parseCsv('a,b\nc,')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('""')).toEqual([['']]);
  });

  it('refuses a quote left open or text after a closing quote', () => {
    expect(parseCsv('"abc')).toBeUndefined();
    expect(parseCsv('"a"b,c')).toBeUndefined();
  });

  it('reads back whatever it writes (property)', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', ',', '"', '\r', '\n', ' ', 'é') });
    // A record of one empty field writes as an empty line, which is no record: leave it out.
    const record = fc.array(field, { minLength: 1, maxLength: 5 }).filter((r) => !(r.length === 1 && r[0] === ''));
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        expect(parseCsv(writeCsv(records))).toEqual(records);
      }),
    );
  });

  it('never throws, and every record it reads has at least one field (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n') }), (text) => {
        const records = parseCsv(text);
        if (records) for (const r of records) expect(r.length).toBeGreaterThan(0);
      }),
    );
  });
});
