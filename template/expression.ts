/**
 * The expression language of `{.eval EXPR}`: JavaScript-like arithmetic, comparison, logic and
 * string concatenation over numbers, strings, booleans and null, with data references, `@name`
 * variable assignment, a few built-in functions and `;`-separated statements.
 *
 * Compilation tokenizes the source and parses it with precedence climbing into a flat postfix
 * program per statement (operands first, then their operator), so evaluation is a simple loop over
 * a value stack: no recursion, and work proportional to the program, which the token limit bounds.
 * The parser recurses only into parentheses, whose nesting is capped.
 *
 * Differences from JavaScript, shared with the reference engine:
 * - unary operators bind tighter than `**` (`-2 ** 2` is 4);
 * - `&&` and `||` evaluate both operands and yield a boolean;
 * - an assignment ends its statement: it produces no value and the rest of the statement is not
 *   evaluated (`@a = @b = 1` only sets `@b`; `0 && (@x = 2)` sets `@x` and outputs nothing);
 * - operands written side by side act as if separated by commas (`1 2 3` is 3, `max(1 2)` is 2);
 * - `num()`, unary `+` and arithmetic read strings strictly: a whole decimal or hex number with an
 *   optional sign, or NaN (`"0x10"` is 16, `" 5"` and `".5"` are NaN; `""` is 0). Comparisons and
 *   `==` keep JavaScript's own conversions;
 * - identifiers are template paths: `a.b.0`, `@name`, `$name`, and may contain `-` (`a-1` is a name).
 */

/** Limits; both configurable by the caller. A value of 0 (or any non-positive or infinite number) disables a limit. */
export interface ExpressionLimits {
  /** Maximum number of tokens an expression may contain (default 500). */
  maxTokens: number;
  /** Maximum length of a string built by concatenation (default 10_000). */
  maxStringLength: number;
}

/** The limits used for whatever the caller leaves out. */
export const DEFAULT_EXPRESSION_LIMITS: ExpressionLimits = Object.freeze({ maxTokens: 500, maxStringLength: 10_000 });

/** How an expression reads and writes template data. */
export interface ExpressionScope {
  /** Value of a variable reference; `path` is already split: `a.b.0` -> ['a','b',0], `@x.y` -> ['@x','y'], `@` -> ['@']. */
  lookup(path: readonly (string | number)[]): unknown;
  /** `@name = value` assigns a template variable; `name` includes the '@'. */
  assign(name: string, value: unknown): void;
}

/** Key of a compiled expression's program, so that only this module can read it. */
const PROGRAM = Symbol('program');

/** A compiled expression: reusable across renders, its contents private to this module. */
export interface CompiledExpression {
  /** The source text it was compiled from. */
  readonly source: string;
  readonly [PROGRAM]: Program;
}

/** Parentheses (groups and function calls) may nest this deep; deeper is a compile error. */
const MAX_NESTING = 200;

/**
 * Parses once (results are reused across renders). Never throws.
 *
 * Errors are the bare messages of the reference engine where it has one ("Unterminated string",
 * "Invalid function foo", "Unexpected character at 2: \"?\"", ...); the caller adds the context.
 * The `maxTokens` limit applies here; `maxStringLength` given here becomes the default for evaluation.
 */
export function compileExpression(
  source: string,
  limits?: Partial<ExpressionLimits>,
): { ok: true; expression: CompiledExpression } | { ok: false; error: string } {
  try {
    const maxTokens = limits?.maxTokens ?? DEFAULT_EXPRESSION_LIMITS.maxTokens;
    const maxStringLength = limits?.maxStringLength ?? DEFAULT_EXPRESSION_LIMITS.maxStringLength;
    const statements = new Parser(tokenize(source, maxTokens)).parseProgram();
    return { ok: true, expression: { source, [PROGRAM]: { statements, maxStringLength } } };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

/**
 * Evaluates every `;`-separated statement in order; returns the value of the LAST statement,
 * or `undefined` when the last statement is an assignment (an assignment outputs nothing).
 * Never throws: problems come back as `error` (and `value` undefined).
 *
 * Values are numbers, strings, booleans or null (a missing reference reads as null). Assignments
 * call `scope.assign` at once, so later statements see them through `scope.lookup`. Evaluation
 * stops at the first error; assignments made before it are not undone (the reference engine
 * discards them along with the output, so a caller wanting that should buffer `assign` calls and
 * commit them only when no error comes back).
 */
export function evaluateExpression(
  expression: CompiledExpression,
  scope: ExpressionScope,
  limits?: Partial<ExpressionLimits>,
): { value: unknown; error?: string } {
  try {
    const program = expression[PROGRAM];
    const maxStringLength = limits?.maxStringLength ?? program.maxStringLength;
    const closures = (program.closures ??= program.statements.map(compileStatement));
    let value: Value | undefined;
    for (let i = 0; i < closures.length; i++) {
      const closure = closures[i];
      value = closure
        ? closure(scope, maxStringLength)
        : runStatement(program.statements[i] as Instruction[], scope, maxStringLength);
    }
    return { value };
  } catch (error) {
    return { value: undefined, error: errorMessage(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// Values

/** What expressions compute with. */
type Value = number | string | boolean | null;

/** A problem in the expression, reported as its message (never escapes the public functions). */
class ExpressionError extends Error {}

function errorMessage(error: unknown): string {
  if (error instanceof ExpressionError) return error.message;
  // Anything else came from the scope or the runtime (e.g. a string too long for memory).
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

function isEnforced(limit: number): boolean {
  return limit > 0 && Number.isFinite(limit);
}

/** Number of a value, reading strings strictly (see the module comment); null is 0. */
function toNumber(value: Value): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || value === '') return 0;
  return STRICT_NUMBER.test(value) ? Number(value) : STRICT_HEX.test(value) ? parseHexString(value) : NaN;
}

/** An optionally signed decimal number: `12`, `-1.5`, `5.`, `1e3`, `+2.5E-3`. */
const STRICT_NUMBER = /^[+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?$/;
/** An optionally signed hex integer: `0x1F`, `-0X10`. */
const STRICT_HEX = /^[+-]?0[xX][0-9a-fA-F]+$/;

function parseHexString(text: string): number {
  const magnitude = parseInt(text.replace(/^[+-]?0[xX]/, ''), 16);
  return text.startsWith('-') ? -magnitude : magnitude;
}

/** JavaScript truthiness of a value. */
function toBoolean(value: Value): boolean {
  return typeof value === 'string'
    ? value.length > 0
    : typeof value === 'number'
      ? value !== 0 && !Number.isNaN(value)
      : value === true;
}

/** JavaScript `a == b` for these primitive values. */
function looseEquals(a: Value, b: Value): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === typeof b) return a === b;
  // Mixed number / string / boolean: JavaScript compares them as numbers.
  return Number(a) === Number(b);
}

/**
 * JavaScript's `<`, `>`, `<=` and `>=` for these primitive values: two strings compare by UTF-16
 * code units, anything else as numbers (with JavaScript's own string conversion: `"0x01"` is 1).
 */
function compare(operator: '<' | '>' | '<=' | '>=', a: Value, b: Value): boolean {
  const [x, y] = typeof a === 'string' && typeof b === 'string' ? [a, b] : [Number(a), Number(b)];
  switch (operator) {
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    case '>=':
      return x >= y;
  }
}

// ---------------------------------------------------------------------------------------------
// Operators and functions

type UnaryOperator = '-' | '+' | '!' | '~';
type BinaryOperator =
  | '**'
  | '*'
  | '/'
  | '%'
  | '+'
  | '-'
  | '<<'
  | '>>'
  | '<'
  | '>'
  | '<='
  | '>='
  | '=='
  | '!='
  | '==='
  | '!=='
  | '&'
  | '^'
  | '|'
  | '&&'
  | '||';
/** Every operator symbol the tokenizer produces. */
type OperatorSymbol = BinaryOperator | '!' | '~' | '=';

/** Names used in messages, as in the reference engine ("Invalid arguments to operator add"). */
const UNARY_NAMES: Record<UnaryOperator, string> = {
  '-': 'unary minus',
  '+': 'unary plus',
  '!': 'logical not',
  '~': 'bitwise not',
};
const OPERATOR_NAMES: Record<OperatorSymbol, string> = {
  '**': 'exponent',
  '*': 'multiply',
  '/': 'divide',
  '%': 'modulus',
  '+': 'add',
  '-': 'subtract',
  '<<': 'left shift',
  '>>': 'right shift',
  '<': 'less than',
  '>': 'greater than',
  '<=': 'less than or equal',
  '>=': 'greater than or equal',
  '==': 'equality',
  '!=': 'inequality',
  '===': 'strict equality',
  '!==': 'strict inequality',
  '&': 'bitwise and',
  '^': 'bitwise xor',
  '|': 'bitwise or',
  '&&': 'logical and',
  '||': 'logical or',
  '!': 'logical not',
  '~': 'bitwise not',
  '=': 'assign',
};

/** Binding power of the left-associative binary operators (`**` and `=` are parsed separately). */
const PRECEDENCE: Partial<Record<OperatorSymbol, number>> = {
  '*': 10,
  '/': 10,
  '%': 10,
  '+': 9,
  '-': 9,
  '<<': 8,
  '>>': 8,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '==': 6,
  '!=': 6,
  '===': 6,
  '!==': 6,
  '&': 5,
  '^': 4,
  '|': 3,
  '&&': 2,
  '||': 1,
};

function applyUnary(operator: UnaryOperator, value: Value): Value {
  switch (operator) {
    case '-':
      return -toNumber(value);
    case '+':
      return toNumber(value);
    case '!':
      return !toBoolean(value);
    case '~':
      return ~toNumber(value);
  }
}

function applyBinary(operator: BinaryOperator, a: Value, b: Value, maxStringLength: number): Value {
  switch (operator) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') {
        const left = String(a);
        const right = String(b);
        if (isEnforced(maxStringLength) && left.length + right.length > maxStringLength) {
          throw new ExpressionError(`Concatenation would exceed maximum string length ${maxStringLength}`);
        }
        return left + right;
      }
      return toNumber(a) + toNumber(b);
    case '-':
      return toNumber(a) - toNumber(b);
    case '*':
      return toNumber(a) * toNumber(b);
    case '/':
      return toNumber(a) / toNumber(b);
    case '%':
      return toNumber(a) % toNumber(b);
    case '**':
      return toNumber(a) ** toNumber(b);
    case '<<':
      return toNumber(a) << toNumber(b);
    case '>>':
      return toNumber(a) >> toNumber(b);
    case '&':
      return toNumber(a) & toNumber(b);
    case '^':
      return toNumber(a) ^ toNumber(b);
    case '|':
      return toNumber(a) | toNumber(b);
    case '<':
    case '>':
    case '<=':
    case '>=':
      return compare(operator, a, b);
    case '==':
      return looseEquals(a, b);
    case '!=':
      return !looseEquals(a, b);
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    // Both operands are always evaluated, and the result is a boolean (unlike JavaScript).
    case '&&':
      return toBoolean(a) && toBoolean(b);
    case '||':
      return toBoolean(a) || toBoolean(b);
  }
}

/**
 * `max`/`min` as the reference computes them: the best so far is replaced by every argument it does
 * not beat, so a NaN (from a non-numeric string) wins only as the last argument.
 */
function select(args: Value[], prefer: (a: number, b: number) => boolean): number {
  let best = toNumber(args[0] ?? null);
  for (let i = 1; i < args.length; i++) {
    const candidate = toNumber(args[i] ?? null);
    if (!prefer(best, candidate)) best = candidate;
  }
  return best;
}

/** Built-in functions; each takes one or more arguments (extra ones are ignored where only one is used). */
const FUNCTIONS = new Map<string, (args: Value[]) => Value>([
  ['max', (args) => select(args, (a, b) => a > b)],
  ['min', (args) => select(args, (a, b) => a < b)],
  ['abs', (args) => Math.abs(toNumber(args[0] ?? null))],
  ['num', (args) => toNumber(args[0] ?? null)],
  ['str', (args) => String(args[0] ?? null)],
  ['bool', (args) => toBoolean(args[0] ?? null)],
]);

/** Names that are values rather than references. */
const CONSTANTS = new Map<string, Value>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['PI', Math.PI],
  ['E', Math.E],
  ['Infinity', Infinity],
  ['NaN', NaN],
]);

// ---------------------------------------------------------------------------------------------
// Tokenizer

type Token =
  | { kind: 'value'; value: Value }
  | { kind: 'reference'; path: (string | number)[] }
  /** A function name; the tokenizer has checked it is known and followed by `(`. */
  | { kind: 'call'; name: string }
  | { kind: 'operator'; symbol: OperatorSymbol }
  | { kind: '(' | ')' | ',' | ';' };

const WHITESPACE = new Set([' ', '\n', '\t', '\r', '\u00a0']);
const DIGIT = /[0-9]/;
const HEX_DIGIT = /[0-9a-fA-F]/;
/** One segment of a reference: digits, a name (optionally `@`- or `$`-prefixed) or a bare `@`. */
const SEGMENT = String.raw`(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@)`;
const REFERENCE = new RegExp(String.raw`${SEGMENT}(?:\.${SEGMENT})*`, 'y');

/** Operators, longest first so that `===` wins over `==` and `=`. */
const OPERATOR_SYMBOLS: OperatorSymbol[] = [
  '===',
  '!==',
  '**',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '*',
  '/',
  '%',
  '+',
  '-',
  '<',
  '>',
  '&',
  '^',
  '|',
  '!',
  '~',
  '=',
];

function tokenize(source: string, maxTokens: number): Token[] {
  const tokens: Token[] = [];
  const push = (token: Token): void => {
    tokens.push(token);
    if (isEnforced(maxTokens) && tokens.length > maxTokens) {
      throw new ExpressionError(`Expression exceeds the maximum number of allowed tokens: ${maxTokens}`);
    }
  };
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (WHITESPACE.has(c)) {
      i++;
    } else if (DIGIT.test(c)) {
      const [value, end] = scanNumber(source, i);
      push({ kind: 'value', value });
      i = end;
    } else if (c === '"' || c === "'") {
      const [value, end] = scanString(source, i);
      push({ kind: 'value', value });
      i = end;
    } else if (c === '(' || c === ')' || c === ',' || c === ';') {
      push({ kind: c });
      i++;
    } else {
      const symbol = OPERATOR_SYMBOLS.find((s) => source.startsWith(s, i));
      if (symbol) {
        push({ kind: 'operator', symbol });
        i += symbol.length;
        continue;
      }
      REFERENCE.lastIndex = i;
      const text = REFERENCE.exec(source)?.[0];
      if (text === undefined) throw new ExpressionError(unexpectedCharacter(c, i));
      i += text.length;
      push(referenceToken(text, nextIsParen(source, i)));
    }
  }
  return tokens;
}

/** The token for a name: a constant, a function call (when `(` follows) or a data reference. */
function referenceToken(text: string, beforeParen: boolean): Token {
  const constant = CONSTANTS.get(text);
  if (constant !== undefined) return { kind: 'value', value: constant };
  const path = text.split('.').map(pathSegment);
  if (beforeParen && path.length === 1) {
    if (!FUNCTIONS.has(text)) throw new ExpressionError(`Invalid function ${text}`);
    return { kind: 'call', name: text };
  }
  return { kind: 'reference', path };
}

/** Digit segments become array indices (when they fit a 32-bit integer, as in the reference engine). */
function pathSegment(segment: string): string | number {
  if (!/^\d+$/.test(segment)) return segment;
  const index = parseInt(segment, 10);
  return index <= 0x7fffffff ? index : segment;
}

function nextIsParen(source: string, i: number): boolean {
  while (i < source.length && WHITESPACE.has(source.charAt(i))) i++;
  return source.charAt(i) === '(';
}

function unexpectedCharacter(c: string, at: number): string {
  const name = c === '\b' ? 'backspace' : c === '\f' ? 'form feed' : c <= '\u001f' ? 'control character' : 'character';
  return `Unexpected ${name} at ${at}: ${JSON.stringify(c)}`;
}

/** Scans a decimal (`12`, `7.2`, `5.`, `1e3`, `1.5e-3`) or hex (`0x1F`) number; returns it and where it ends. */
function scanNumber(source: string, start: number): [number, number] {
  if (source.charAt(start) === '0' && /[xX]/.test(source.charAt(start + 1))) {
    let end = start + 2;
    while (HEX_DIGIT.test(source.charAt(end))) end++;
    if (end === start + 2) throw new ExpressionError('Expected digits after start of hex number');
    return [parseInt(source.slice(start + 2, end), 16), end];
  }
  let i = start;
  while (DIGIT.test(source.charAt(i))) i++;
  if (source.charAt(i) === '.') {
    i++;
    while (DIGIT.test(source.charAt(i))) i++;
    if (source.charAt(i) === '.') throw new ExpressionError('Duplicate decimal point in number');
  }
  if (/[eE]/.test(source.charAt(i))) {
    i++;
    if (/[+-]/.test(source.charAt(i))) i++;
    const digits = i;
    while (DIGIT.test(source.charAt(i))) i++;
    if (source.charAt(i) === '.') throw new ExpressionError('Unexpected decimal point in exponent');
    if (i === digits) throw new ExpressionError('Expected a digit after exponent in decimal number');
  }
  return [Number(source.slice(start, i)), i];
}

/** Scans a quoted string starting at its opening quote; returns its value and where it ends. */
function scanString(source: string, start: number): [string, number] {
  const quote = source.charAt(start);
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === quote) return [value, i + 1];
    if (c === '\\' && i + 1 < source.length) {
      const [decoded, end] = scanEscape(source, i);
      value += decoded;
      i = end;
      continue;
    }
    if (c === '\n' || c === '\r') {
      throw new ExpressionError(
        `Illegal bare ${c === '\n' ? 'line feed' : 'carriage return'} character in string literal`,
      );
    }
    value += c;
    i++;
  }
  throw new ExpressionError('Unterminated string');
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', f: '\f', r: '\r' };

/**
 * Decodes the escape at `source[at] === '\\'`: `\n \t \f \r`, `\xHH`, `\uHHHH`, `\UHHHHHHHH`;
 * any other escaped character stands for itself. Control characters other than tab, line feed,
 * vertical tab, form feed and carriage return, and code points past U+10FFFF, become a space.
 */
function scanEscape(source: string, at: number): [string, number] {
  const kind = source.charAt(at + 1);
  const digits = kind === 'x' ? 2 : kind === 'u' ? 4 : kind === 'U' ? 8 : 0;
  if (digits === 0) return [SIMPLE_ESCAPES[kind] ?? kind, at + 2];
  const start = at + 2;
  const end = start + digits;
  let i = start;
  while (i < end && HEX_DIGIT.test(source.charAt(i))) i++;
  // A `\x` escape must also leave room for the closing quote (the reference's rule).
  if (i < end || (kind === 'x' && end >= source.length)) {
    throw new ExpressionError(kind === 'x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found');
  }
  const code = parseInt(source.slice(start, end), 16);
  const replaced = code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff;
  return [replaced ? ' ' : String.fromCodePoint(code), end];
}

// ---------------------------------------------------------------------------------------------
// Parser

/** One step of a statement's postfix program. */
type Instruction =
  | { op: 'push'; value: Value }
  | { op: 'lookup'; path: (string | number)[] }
  | { op: 'unary'; operator: UnaryOperator }
  | { op: 'binary'; operator: BinaryOperator }
  | { op: 'call'; name: string; argc: number }
  /** Drops the value of a comma-separated item that is not the last. */
  | { op: 'pop' }
  /** Assigns the top value (to nothing when `name` is null) and ends the statement without a value. */
  | { op: 'assign'; name: string | null };

interface Program {
  statements: Instruction[][];
  maxStringLength: number;
  /** Each statement as a closure, made on first evaluation; null where it keeps the interpreter. */
  closures?: (Statement | null)[];
}

/** What the parser knows about an operand it just compiled: a bare reference can be assigned to. */
type Operand = { reference: (string | number)[] } | null;

const MISMATCHED_LEFT = 'Mismatched operator found: left paren';
const MISMATCHED_RIGHT = 'Mismatched operator found: right paren';

/**
 * Precedence climbing over the tokens, emitting postfix code. Loosest to tightest:
 * `;` statements, `,` (or juxtaposition) items, `=` (right), `||`, `&&`, `|`, `^`, `&`,
 * `== != === !==`, `< > <= >=`, `<< >>`, `+ -`, `* / %`, `**` (right), prefix `! ~ - +`.
 */
class Parser {
  private position = 0;
  private nesting = 0;
  private code: Instruction[] = [];

  constructor(private readonly tokens: Token[]) {}

  parseProgram(): Instruction[][] {
    const statements: Instruction[][] = [];
    while (this.position < this.tokens.length) {
      this.code = [];
      this.parseSequence('statement');
      if (this.code.length > 0) statements.push(this.code);
      this.position++; // the `;`, or past the end
    }
    return statements;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private peekOperator(): OperatorSymbol | undefined {
    const token = this.peek();
    return token?.kind === 'operator' ? token.symbol : undefined;
  }

  private emit(instruction: Instruction): void {
    this.code.push(instruction);
  }

  /**
   * Items separated by commas, or simply written one after another, up to the end of the statement,
   * group or argument list. Empty items are skipped. In a statement or group, every item is
   * evaluated and the last one is the value; in an argument list each item is an argument.
   * Returns the number of items and, for a single item, what it was.
   */
  private parseSequence(context: 'statement' | 'group' | 'arguments'): { count: number; operand: Operand } {
    let count = 0;
    let operand: Operand = null;
    for (;;) {
      const token = this.peek();
      if (token === undefined || token.kind === ';') {
        if (context !== 'statement') throw new ExpressionError(MISMATCHED_LEFT);
        break;
      }
      if (token.kind === ')') {
        if (context === 'statement') throw new ExpressionError(MISMATCHED_RIGHT);
        break;
      }
      if (token.kind === ',') {
        this.position++;
        continue;
      }
      if (count > 0 && context !== 'arguments') this.emit({ op: 'pop' });
      operand = this.parseAssignment();
      count++;
    }
    return { count, operand: count === 1 ? operand : null };
  }

  /**
   * `target = value`. Only the innermost assignment of a chain can run, since an assignment ends
   * its statement. Targets other than a single `@name` (such as `a`, `a.b`, `@a.b`, `@`) are
   * accepted and do nothing, as in the reference; targets that are not references are errors.
   */
  private parseAssignment(): Operand {
    let start = this.code.length;
    let operand = this.parseBinary(1, null);
    let target: string | null | undefined;
    while (this.peekOperator() === '=') {
      this.position++;
      if (operand === null) throw new ExpressionError('Invalid assignment target');
      // The target's own lookup was just emitted; an assignment does not read it.
      this.code.length = start;
      const [name] = operand.reference;
      target = operand.reference.length === 1 && typeof name === 'string' && /^@./.test(name) ? name : null;
      start = this.code.length;
      operand = this.parseBinary(1, OPERATOR_NAMES['=']);
    }
    if (target === undefined) return operand;
    this.emit({ op: 'assign', name: target });
    return null;
  }

  /** Left-associative binary operators binding at least as tightly as `minPrecedence`. */
  private parseBinary(minPrecedence: number, pending: string | null): Operand {
    let operand = this.parsePower(pending);
    for (;;) {
      const operator = this.peekOperator();
      const precedence = operator === undefined ? undefined : PRECEDENCE[operator];
      if (operator === undefined || precedence === undefined || precedence < minPrecedence) return operand;
      this.position++;
      this.parseBinary(precedence + 1, OPERATOR_NAMES[operator]);
      // PRECEDENCE lists binary operators only.
      this.emit({ op: 'binary', operator: operator as BinaryOperator });
      operand = null;
    }
  }

  /** `a ** b ** c` is `a ** (b ** c)`: in postfix, all operands then all operators. */
  private parsePower(pending: string | null): Operand {
    const operand = this.parseUnary(pending);
    let count = 0;
    while (this.peekOperator() === '**') {
      this.position++;
      this.parseUnary(OPERATOR_NAMES['**']);
      count++;
    }
    for (let i = 0; i < count; i++) this.emit({ op: 'binary', operator: '**' });
    return count === 0 ? operand : null;
  }

  /** Prefix operators apply to the primary after them, innermost first. */
  private parseUnary(pending: string | null): Operand {
    const operators: UnaryOperator[] = [];
    let waiting = pending;
    for (let symbol = this.peekOperator(); symbol !== undefined; symbol = this.peekOperator()) {
      if (symbol !== '-' && symbol !== '+' && symbol !== '!' && symbol !== '~') break;
      operators.push(symbol);
      waiting = UNARY_NAMES[symbol];
      this.position++;
    }
    const operand = this.parsePrimary(waiting);
    for (let i = operators.length - 1; i >= 0; i--) {
      this.emit({ op: 'unary', operator: operators[i] as UnaryOperator });
    }
    return operators.length === 0 ? operand : null;
  }

  /**
   * A literal, reference, function call or parenthesized group. `pending` names the operator
   * waiting for this operand, for the error when there is none.
   */
  private parsePrimary(pending: string | null): Operand {
    const token = this.peek();
    switch (token?.kind) {
      case 'value':
        this.position++;
        this.emit({ op: 'push', value: token.value });
        return null;
      case 'reference':
        this.position++;
        this.emit({ op: 'lookup', path: token.path });
        return { reference: token.path };
      case 'call': {
        this.position++;
        const { count } = this.parseParenthesized('arguments');
        if (count === 0) throw new ExpressionError(`Error calling function ${token.name}: it needs an argument`);
        this.emit({ op: 'call', name: token.name, argc: count });
        return null;
      }
      case '(': {
        const { count, operand } = this.parseParenthesized('group');
        if (count === 0) throw new ExpressionError('Empty parentheses');
        return operand;
      }
      case 'operator':
        // An operator that cannot start an operand (prefix ones were taken by parseUnary).
        throw new ExpressionError(`Invalid arguments to operator ${pending ?? OPERATOR_NAMES[token.symbol]}`);
      default:
        // The end of the input, a `)`, `,` or `;` where an operand was needed.
        throw new ExpressionError(
          pending === null ? 'Expected an operand' : `Invalid arguments to operator ${pending}`,
        );
    }
  }

  /** `( items )` at the current `(`, counting nesting. */
  private parseParenthesized(context: 'group' | 'arguments'): { count: number; operand: Operand } {
    if (++this.nesting > MAX_NESTING) {
      throw new ExpressionError(`Expression nests parentheses deeper than ${MAX_NESTING} levels`);
    }
    this.position++; // the `(`
    const result = this.parseSequence(context);
    this.position++; // the `)`, which parseSequence stopped at
    this.nesting--;
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluator

/** The top of the evaluation stack (a module function: a closure per statement costs on every render). */
function popValue(stack: Value[]): Value {
  // The parser emits balanced programs, so the stack never runs dry.
  if (stack.length === 0) throw new ExpressionError('Internal error: expression stack underflow');
  return stack.pop() as Value;
}

/** Runs one statement's program; returns its value, or undefined when it ended in an assignment. */
function runStatement(code: Instruction[], scope: ExpressionScope, maxStringLength: number): Value | undefined {
  const stack: Value[] = [];
  for (const instruction of code) {
    switch (instruction.op) {
      case 'push':
        stack.push(instruction.value);
        break;
      case 'lookup':
        stack.push(fromData(scope.lookup(instruction.path), instruction.path));
        break;
      case 'unary':
        stack.push(applyUnary(instruction.operator, popValue(stack)));
        break;
      case 'binary': {
        const right = popValue(stack);
        stack.push(applyBinary(instruction.operator, popValue(stack), right, maxStringLength));
        break;
      }
      case 'call': {
        const args = stack.splice(stack.length - instruction.argc, instruction.argc);
        const fn = FUNCTIONS.get(instruction.name);
        if (fn === undefined || args.length !== instruction.argc) {
          throw new ExpressionError(`Internal error: bad call to ${instruction.name}`);
        }
        stack.push(fn(args));
        break;
      }
      case 'pop':
        popValue(stack);
        break;
      case 'assign': {
        const value = popValue(stack);
        if (instruction.name !== null) scope.assign(instruction.name, value);
        return undefined;
      }
    }
  }
  return popValue(stack);
}

/** A statement, or one operand of it, as a closure: the program read once, not per render. */
const MAX_CLOSURE_PROGRAM = 64;
type Statement = (scope: ExpressionScope, maxStringLength: number) => Value | undefined;
type Operation = (scope: ExpressionScope, maxStringLength: number) => Value;

/**
 * The closure that does what `runStatement` does for `code`, evaluating in the same order; null for
 * the programs it does not cover (comma-dropped values, unbalanced stacks), which keep the interpreter.
 */
function compileStatement(code: Instruction[]): Statement | null {
  // Closures nest as deep as the program is long: long programs keep the loop, which does not recurse.
  if (code.length > MAX_CLOSURE_PROGRAM) return null;
  const stack: Operation[] = [];
  for (const instruction of code) {
    switch (instruction.op) {
      case 'push': {
        const value = instruction.value;
        stack.push(() => value);
        break;
      }
      case 'lookup': {
        const path = instruction.path;
        stack.push((scope) => fromData(scope.lookup(path), path));
        break;
      }
      case 'unary': {
        const operand = stack.pop();
        if (!operand) return null;
        const operator = instruction.operator;
        stack.push((scope, max) => applyUnary(operator, operand(scope, max)));
        break;
      }
      case 'binary': {
        const right = stack.pop();
        const left = stack.pop();
        if (!left || !right) return null;
        const operator = instruction.operator;
        stack.push((scope, max) => {
          const a = left(scope, max);
          return applyBinary(operator, a, right(scope, max), max);
        });
        break;
      }
      case 'call': {
        const fn = FUNCTIONS.get(instruction.name);
        if (fn === undefined || instruction.argc > stack.length) return null;
        const args = stack.splice(stack.length - instruction.argc, instruction.argc);
        stack.push((scope, max) => fn(args.map((arg) => arg(scope, max))));
        break;
      }
      case 'pop':
        return null;
      case 'assign': {
        const operand = stack.pop();
        if (!operand || stack.length > 0) return null;
        const name = instruction.name;
        return (scope, max) => {
          const value = operand(scope, max);
          if (name !== null) scope.assign(name, value);
          return undefined;
        };
      }
    }
  }
  return stack.length === 1 ? (stack[0] as Operation) : null;
}

/** A looked-up data value as an expression value: missing reads as null; objects and arrays are unsupported. */
function fromData(data: unknown, path: (string | number)[]): Value {
  if (data === undefined || data === null) return null;
  if (typeof data === 'number' || typeof data === 'string' || typeof data === 'boolean') return data;
  throw new ExpressionError(
    `Unsupported value for ${path.join('.')}: expressions work only with numbers, strings, booleans and null`,
  );
}
