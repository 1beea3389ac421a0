import type { Position, TemplateError } from './errors';
import {
  Opcode,
  type Args,
  type FormatterCall,
  type Formatters,
  type Instruction,
  type OrInst,
  type Path,
} from './instructions';

/** What the parser needs to know of the plugins: which names exist. */
export interface NameTables {
  formatters: Readonly<Record<string, unknown>>;
  predicates: Readonly<Record<string, unknown>>;
}

/** The end of a block and the separator of a repeated section's alternates. */
export type Marker = typeof Opcode.END | [typeof Opcode.ALTERNATES_WITH];

/** One scanned tag or text run, with where it started. */
export interface Token {
  inst: Instruction | Marker;
  pos: Position;
}

// A path segment: `@`, `@name`, `$name`, `name` (letters, digits, `_`, `-`) or an index.
const NAME = '[A-Za-z][\\w-]*';
const SEGMENT = `(?:@(?:${NAME})?|\\$${NAME}|${NAME}|\\d+)`;
const PATH = `${SEGMENT}(?:\\.${SEGMENT})*`;
const PATH_RE = new RegExp(`^${PATH}$`);
const VARIABLES_RE = new RegExp(`^(${PATH}(?: *, *${PATH})*)(\\|.*)?$`, 's');
const BINDVAR_RE = new RegExp(`^var +(@${NAME}) +(${PATH}(?: *, *${PATH})*)(\\|.*)?$`, 's');
const SECTION_RE = new RegExp(`^section +(${PATH})$`);
const REPEATED_RE = new RegExp(`^repeated section +(${PATH})$`);
const IF_VARS_RE = new RegExp(`^(${PATH})((?: *(?:&&|\\|\\|) *${PATH})*)$`);
const IF_OP_RE = new RegExp(`(&&|\\|\\|) *(${PATH})`, 'g');
const CTX_RE = new RegExp(`^ctx +(@${NAME})((?: +${NAME}=${PATH})+)$`);
const CTX_PAIR_RE = new RegExp(` (${NAME})=(${PATH})`, 'g');
const INJECT_RE = new RegExp(`^inject +(@${NAME}) +(\\S+)(?: (.*))?$`);
const PREDICATE_RE = /^([A-Za-z][\w-]*\?)(.*)$/s;
// The rest starts where the name ends, so the name's run and the rest never compete for characters.
const FORMATTER_RE = /^([A-Za-z][\w-]*)((?:[^\w-][\s\S]*)?)$/;

const ATOMS: Record<string, Instruction | Marker> = {
  end: Opcode.END,
  'alternates with': [Opcode.ALTERNATES_WITH],
  'meta-left': Opcode.META_LEFT,
  'meta-right': Opcode.META_RIGHT,
  space: Opcode.SPACE,
  tab: Opcode.TAB,
  newline: Opcode.NEWLINE,
  or: [Opcode.OR_PREDICATE, 0, 0, [], Opcode.END],
};

/** `a.b.0` -> ["a", "b", 0]. */
export function parsePath(text: string): Path {
  return text.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function parsePathList(text: string): Path[] {
  return text.split(',').map((part) => parsePath(part.trim()));
}

/** Arguments after a formatter or predicate name: the first character is the delimiter. */
function parseArgs(rest: string): Args | 0 {
  if (rest === '') return 0;
  const delimiter = rest.charAt(0);
  return [rest.slice(1).split(delimiter), delimiter];
}

type Problem = (message: string) => void;

/** `|html|truncate 10` -> formatter calls, or null when malformed or unknown (reported). */
function parseFormatters(text: string | undefined, tables: NameTables, problem: Problem): Formatters | null {
  if (!text) return 0;
  const calls: FormatterCall[] = [];
  // Each formatter runs to the next '|': its arguments cannot contain one.
  for (const part of text.slice(1).split('|')) {
    const match = FORMATTER_RE.exec(part);
    if (!match) return null;
    const [, name = '', rest = ''] = match;
    if (!Object.hasOwn(tables.formatters, name)) {
      problem(`Formatter '${name}' is unknown`);
      return null;
    }
    const args = parseArgs(rest);
    calls.push(args === 0 ? [name] : [name, args]);
  }
  return calls;
}

function parsePredicate(text: string, tables: NameTables, problem: Problem): { name: string; args: Args | 0 } | null {
  const match = PREDICATE_RE.exec(text);
  if (!match) return null;
  const [, name = '', rest = ''] = match;
  if (!Object.hasOwn(tables.predicates, name)) problem(`Predicate '${name}' is unknown`);
  return { name, args: parseArgs(rest) };
}

/** Reads the inside of one `{...}` tag; null means it is not a tag and stays text. */
function parseTag(body: string, tables: NameTables, problem: Problem): Instruction | Marker | null {
  if (body.charAt(0) !== '.') {
    const match = VARIABLES_RE.exec(body);
    if (!match) return null;
    const formatters = parseFormatters(match[2], tables, problem);
    return formatters === null ? null : [Opcode.VARIABLE, parsePathList(match[1] ?? ''), formatters];
  }
  const text = body.slice(1);
  const atom = ATOMS[text];
  if (atom !== undefined) return Array.isArray(atom) ? (structuredClone(atom) as Instruction | Marker) : atom;

  const keyword = /^[a-z-]+/.exec(text)?.[0] ?? '';
  let m: RegExpExecArray | null;
  switch (keyword) {
    case 'section':
      m = SECTION_RE.exec(text);
      return m ? [Opcode.SECTION, parsePath(m[1] ?? ''), [], Opcode.END] : null;
    case 'repeated':
      m = REPEATED_RE.exec(text);
      return m ? [Opcode.REPEATED, parsePath(m[1] ?? ''), [], Opcode.END, []] : null;
    case 'or': {
      if (!text.startsWith('or ')) break;
      const predicate = parsePredicate(text.slice(3), tables, problem);
      return predicate
        ? ([Opcode.OR_PREDICATE, predicate.name, predicate.args, [], Opcode.END] satisfies OrInst)
        : null;
    }
    case 'if': {
      if (!text.startsWith('if ')) break;
      const condition = text.slice(3);
      const predicate = parsePredicate(condition, tables, problem);
      if (predicate) return [Opcode.PREDICATE, predicate.name, predicate.args, [], Opcode.END];
      m = IF_VARS_RE.exec(condition);
      if (!m) return null;
      const operators: (0 | 1)[] = [];
      const paths: Path[] = [parsePath(m[1] ?? '')];
      for (const op of (m[2] ?? '').matchAll(IF_OP_RE)) {
        operators.push(op[1] === '&&' ? 1 : 0);
        paths.push(parsePath(op[2] ?? ''));
      }
      return [Opcode.IF, operators, paths, [], Opcode.END];
    }
    case 'var': {
      m = BINDVAR_RE.exec(text);
      if (!m) return null;
      const formatters = parseFormatters(m[3], tables, problem);
      return formatters === null ? null : [Opcode.BINDVAR, m[1] ?? '', parsePathList(m[2] ?? ''), formatters];
    }
    case 'ctx': {
      m = CTX_RE.exec(text);
      if (!m) return null;
      const pairs: [string, Path][] = [...(m[2] ?? '').matchAll(CTX_PAIR_RE)].map((p) => [
        p[1] ?? '',
        parsePath(p[2] ?? ''),
      ]);
      return [Opcode.CTXVAR, m[1] ?? '', pairs];
    }
    case 'macro':
      m = /^macro +(\S+)$/.exec(text);
      return m ? [Opcode.MACRO, m[1] ?? '', []] : null;
    case 'include': {
      m = /^include +(\S+)(?: (.*))?$/.exec(text);
      if (!m) return null;
      return [Opcode.INCLUDE, m[1] ?? '', [m[2] === undefined ? [] : m[2].split(' '), ' ']];
    }
    case 'inject':
      m = INJECT_RE.exec(text);
      return m ? [Opcode.INJECT, m[1] ?? '', m[2] ?? '', m[3] === undefined ? 0 : [m[3].split(' '), ' ']] : null;
    case 'eval':
      m = /^eval\s([\s\S]*)$/.exec(text);
      return m ? [Opcode.EVAL, (m[1] ?? '').trimStart()] : null;
  }
  const predicate = parsePredicate(text, tables, problem);
  return predicate ? [Opcode.PREDICATE, predicate.name, predicate.args, [], Opcode.END] : null;
}

/** Tracks line and column while the scanner moves forward. */
class Cursor {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  constructor(private readonly source: string) {}
  at(index: number): Position {
    for (let i = this.offset; i < index; i++) {
      if (this.source.charCodeAt(i) === 10) {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    this.offset = Math.max(this.offset, index);
    return { line: this.line, column: index - this.lineStart + 1 };
  }
}

/**
 * Splits a template into text runs and tags. A `{...}` that is not a valid tag stays
 * text, as the language says; unknown formatters and predicates are reported; tags of the
 * preprocessor (`{^…}`) are left out.
 */
export function scan(source: string, tables: NameTables, errors: TemplateError[]): Token[] {
  const tokens: Token[] = [];
  const cursor = new Cursor(source);
  let textStart = 0;
  let i = 0;

  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ inst: [Opcode.TEXT, source.slice(textStart, end)], pos: cursor.at(textStart) });
  };

  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open < 0) break;

    if (source.charCodeAt(open + 1) === 35 /* # */) {
      const multi = source.charCodeAt(open + 2) === 35;
      const close = multi ? source.indexOf('##}', open + 3) : source.indexOf('}', open + 2);
      if (close < 0 && !multi) break;
      flushText(open);
      const pos = cursor.at(open);
      const end = close < 0 ? source.length : close;
      tokens.push({ inst: [Opcode.COMMENT, source.slice(open + (multi ? 3 : 2), end), multi ? 1 : 0], pos });
      if (close < 0) errors.push({ stage: 'parse', message: 'Multi-line comment is not closed with ##}', ...pos });
      i = textStart = close < 0 ? source.length : close + (multi ? 3 : 1);
      continue;
    }

    const close = source.indexOf('}', open + 1);
    if (close < 0) break;
    const reopen = source.indexOf('{', open + 1);
    if (reopen >= 0 && reopen < close) {
      // "{a{b}": the first brace is plain text; the tag, if any, starts at the second.
      i = reopen;
      continue;
    }

    flushText(open);
    // A tag of the platform's preprocessor ({^.section …}) runs in that pass only: a render drops it.
    if (source.charCodeAt(open + 1) === 94 /* ^ */) {
      i = textStart = close + 1;
      continue;
    }
    const pos = cursor.at(open);
    const problems: string[] = [];
    const inst = parseTag(source.slice(open + 1, close), tables, (message) => problems.push(message));
    for (const message of problems) errors.push({ stage: 'parse', message, ...pos });
    tokens.push({ inst: inst ?? [Opcode.TEXT, source.slice(open, close + 1)], pos });
    i = textStart = close + 1;
  }
  flushText(source.length);
  return tokens;
}

/** True when `text` is a well-formed path (`a.b.0`, `@`, `@index`, `$x`). */
export function isPath(text: string): boolean {
  return PATH_RE.test(text);
}
