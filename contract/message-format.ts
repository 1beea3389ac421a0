/**
 * A small ICU MessageFormat subset for widget strings: `{name}` and
 * `{count, plural, =1 {…} one {…} other {… # …}}` (cases may nest values and plurals; `#` is
 * the innermost plural's count). Braces are syntax only; there is no quoting.
 *
 * Written by hand rather than taken from intl-messageformat / @formatjs/icu-messageformat-parser
 * for bytes: it ships in the widgets' bundle on every page, and it needs only this subset. `runtime/i18n/i18n.test.ts` ('formatMessage') pins what it does.
 */

import { boundedCache } from './bounded-cache';

/** Values a message is filled with. */
export type MessageValues = Readonly<Record<string, string | number>>;

type Part = string | { arg: string } | { arg: string; cases: Record<string, Part[]> } | { hash: true };

const HASH: Part = { hash: true };
/** Parsed messages: the widgets' strings (a few hundred) plus the page's overrides. */
const parsed = boundedCache<Part[]>(500);

/** Reads `source` from `start` up to an unmatched `}` (nested) or the end; throws on bad syntax. */
function parseParts(source: string, start: number, nested: boolean): { parts: Part[]; end: number } {
  const parts: Part[] = [];
  let text = '';
  let i = start;
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '}') {
      if (!nested) throw new SyntaxError(`Unmatched } at ${i}`);
      break;
    }
    if (c === '#' && nested) {
      flush();
      parts.push(HASH);
      i += 1;
    } else if (c === '{') {
      flush();
      const argument = parseArgument(source, i + 1);
      parts.push(argument.part);
      i = argument.end;
    } else {
      text += c;
      i += 1;
    }
  }
  if (nested && source[i] !== '}') throw new SyntaxError('Unclosed {');
  flush();
  return { parts, end: i };
}

/** An argument after its `{`; `end` is just past its closing `}`. */
function parseArgument(source: string, start: number): { part: Part; end: number } {
  const head = /^\s*([\w.]+)\s*(?:(\})|,\s*plural\s*,)/.exec(source.slice(start));
  if (!head) throw new SyntaxError(`Bad argument at ${start}`);
  const arg = head[1] as string;
  let i = start + head[0].length;
  if (head[2]) return { part: { arg }, end: i };
  const cases: Record<string, Part[]> = {};
  for (;;) {
    const selector = /^\s*(?:(\})|(=\d+|zero|one|two|few|many|other)\s*\{)/.exec(source.slice(i));
    if (!selector) throw new SyntaxError(`Bad plural case at ${i}`);
    i += selector[0].length;
    if (selector[1]) break;
    const body = parseParts(source, i, true);
    cases[selector[2] as string] = body.parts;
    i = body.end + 1;
  }
  if (!cases.other) throw new SyntaxError(`Plural {${arg}} without an 'other' case`);
  return { part: { arg, cases }, end: i };
}

function parse(source: string): Part[] {
  return parsed(source, () => parseParts(source, 0, false).parts);
}

/** Throws a SyntaxError when `source` is not a message this module reads. */
export function checkMessage(source: string): void {
  parse(source);
}

/** The names of the values `source` uses, plural counts included, sorted. */
export function messageArguments(source: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string' || !('arg' in part)) continue;
      names.add(part.arg);
      if ('cases' in part) Object.values(part.cases).forEach(walk);
    }
  };
  walk(parse(source));
  return [...names].sort();
}

const pluralRules = boundedCache<Intl.PluralRules>();
const numberFormats = boundedCache<Intl.NumberFormat>();

/**
 * `source` filled with `values` in `locale`: numbers in the locale's digits, plural forms by
 * its rules. A missing value prints as nothing. Throws a SyntaxError on a malformed message.
 */
export function formatMessage(source: string, values: MessageValues, locale: string): string {
  const number = (n: number) => numberFormats(locale, () => new Intl.NumberFormat(locale)).format(n);
  const render = (parts: Part[], count: number | undefined): string => {
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else if (!('arg' in part)) out += count === undefined ? '#' : number(count);
      else if (!('cases' in part)) {
        const value = values[part.arg];
        out += typeof value === 'number' ? number(value) : (value ?? '');
      } else {
        const n = Number(values[part.arg] ?? 0);
        const category = pluralRules(locale, () => new Intl.PluralRules(locale)).select(n);
        const chosen = part.cases[`=${n}`] ?? part.cases[category] ?? (part.cases.other as Part[]);
        out += render(chosen, n);
      }
    }
    return out;
  };
  return render(parse(source), undefined);
}
