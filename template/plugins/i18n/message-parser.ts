/**
 * Parser of the platform's message syntax, an ICU MessageFormat dialect:
 *
 *   `{0}` `{name}`                     an argument (position or name)
 *   `{0 decimal maxfrac:1}`            an argument through a formatter, options `name:value`
 *   `{0;1 datetime-interval}`          several arguments for one formatter
 *   `{0 plural one{# item} other{# items}}`, `selectordinal`, `select`: cases; `#` in a
 *   case is the argument as written (a plural's minus its offset); `offset:N` may come before
 *   the cases
 *   `'{'` `''`                         quoting, as in ICU
 *
 * The ICU parser of formatjs reads `{0, plural, …}` with commas and a fixed set of argument
 * types, so it cannot read this dialect (message-parser.formatjs.test.ts shows it on the vectors'
 * messages); this parser is written for it. Problems come back as
 * an error text, never thrown.
 *
 * Plural and selectordinal keys must be CLDR categories (zero, one, two, few, many, other) or
 * exact `=N`; a key the locale never selects ("few" in English) is accepted, not rejected: the
 * vectors f-message-plural-1, i18n/f-message-plural-en-US and -pl-PL use all six in en-US and
 * pl-PL and expect output, not an error (formatters.i18n.test.ts pins this).
 */

export type MessageNode = string | ArgumentNode | ChoiceNode | { kind: 'number-sign' };

export interface ArgumentNode {
  kind: 'argument';
  /** The argument names or positions, `0;1` gives two. */
  names: string[];
  /** The formatter, absent for a plain argument. */
  formatter?: string;
  options: string[];
}

export interface ChoiceNode {
  kind: 'plural' | 'selectordinal' | 'select';
  name: string;
  offset: number;
  cases: Map<string, MessageNode[]>;
}

export type ParsedMessage = { ok: true; nodes: MessageNode[] } | { ok: false; error: string };

/** Nesting deeper than this is refused (it only happens in hostile input). */
const MAX_DEPTH = 50;

const PLURAL_KEY_RE = /^(?:zero|one|two|few|many|other|=-?\d+(?:\.\d+)?)$/;
/** A select key is an ICU identifier: no syntax characters (`.`, `-`, `#`…) and no spaces. */
const SELECT_KEY_RE = /^[^\p{Pattern_Syntax}\p{Pattern_White_Space}]+$/u;

class MessageSyntaxError extends Error {}

class Parser {
  pos = 0;
  constructor(readonly text: string) {}

  fail(message: string): never {
    throw new MessageSyntaxError(`${message} at offset ${this.pos}`);
  }

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }

  /** A run of characters up to whitespace, a brace or (when given) another stop character. */
  word(stops = ''): string {
    const start = this.pos;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (/\s/.test(c) || c === '{' || c === '}' || stops.includes(c)) break;
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  /** Text, `#` and arguments until the end or a closing brace (left for the caller). */
  nodes(depth: number, inCase: boolean): MessageNode[] {
    if (depth > MAX_DEPTH) this.fail('Message nested too deeply');
    const nodes: MessageNode[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push(text);
      text = '';
    };
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (c === '}') break;
      if (c === '{') {
        flush();
        nodes.push(this.argument(depth));
      } else if (c === '#' && inCase) {
        flush();
        nodes.push({ kind: 'number-sign' });
        this.pos++;
      } else if (c === "'") {
        text += this.quoted(inCase);
      } else {
        text += c;
        this.pos++;
      }
    }
    flush();
    return nodes;
  }

  /** ICU quoting: `''` is an apostrophe; `'` before a special character quotes up to the next `'`. */
  quoted(inCase: boolean): string {
    const next = this.text[this.pos + 1];
    if (next === "'") {
      this.pos += 2;
      return "'";
    }
    if (next !== '{' && next !== '}' && !(inCase && next === '#')) {
      this.pos++;
      return "'";
    }
    const end = this.text.indexOf("'", this.pos + 1);
    const close = end < 0 ? this.text.length : end;
    const literal = this.text.slice(this.pos + 1, close);
    this.pos = end < 0 ? this.text.length : end + 1;
    return literal;
  }

  argument(depth: number): MessageNode {
    this.pos++; // {
    this.skipSpace();
    const names = this.word().split(';');
    if (names.some((n) => n === '')) this.fail('Missing argument name');
    this.skipSpace();
    const formatter = this.word();
    let node: MessageNode;
    if (formatter === 'plural' || formatter === 'selectordinal' || formatter === 'select') {
      node = this.choice(formatter, names[0] as string, depth);
    } else {
      const options: string[] = [];
      for (;;) {
        this.skipSpace();
        const option = this.word();
        if (option === '') break;
        options.push(option);
      }
      node = { kind: 'argument', names, ...(formatter ? { formatter } : {}), options };
    }
    this.skipSpace();
    if (this.text[this.pos] !== '}')
      this.fail(this.pos >= this.text.length ? 'Unclosed argument' : 'Unexpected text in argument');
    this.pos++;
    return node;
  }

  choice(kind: ChoiceNode['kind'], name: string, depth: number): ChoiceNode {
    const cases = new Map<string, MessageNode[]>();
    let offset = 0;
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.text.length || this.text[this.pos] === '}') break;
      const key = this.word();
      if (key === '') this.fail(`Missing ${kind} key`);
      if (kind !== 'select' && /^offset:/.test(key) && cases.size === 0) {
        offset = Number(key.slice(7));
        if (!Number.isFinite(offset)) this.fail('Invalid plural offset');
        continue;
      }
      if (kind !== 'select' && !PLURAL_KEY_RE.test(key)) this.fail(`Invalid ${kind} key '${key}'`);
      if (kind === 'select' && !SELECT_KEY_RE.test(key)) this.fail(`Invalid select key '${key}'`);
      this.skipSpace();
      if (this.text[this.pos] !== '{') this.fail(`Missing case text after '${key}'`);
      this.pos++;
      const body = this.nodes(depth + 1, true);
      if (this.text[this.pos] !== '}') this.fail('Unclosed case');
      this.pos++;
      if (!cases.has(key)) cases.set(key, body);
    }
    if (!cases.has('other')) this.fail(`The ${kind} argument has no 'other' case`);
    return { kind, name, offset, cases };
  }
}

/** Parses a message; `{ ok: false, error }` for text that breaks the syntax. */
export function parseMessage(text: string): ParsedMessage {
  const parser = new Parser(text);
  try {
    const nodes = parser.nodes(0, false);
    if (parser.pos < text.length) parser.fail('Unmatched closing brace');
    return { ok: true, nodes };
  } catch (error) {
    if (error instanceof MessageSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}
