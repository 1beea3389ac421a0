import { boundedCache, PATH_CACHE_CAPACITY } from '../contract/bounded-cache';
import type { Position, TemplateError } from './errors';
import {
  compileExpression,
  evaluateExpression,
  type CompiledExpression,
  type ExpressionLimits,
  type ExpressionScope,
} from './expression';
import {
  Opcode,
  type Alternative,
  type Block,
  type Code,
  type Formatters,
  type Instruction,
  type EvalInst,
  type Path,
  type TextInst,
} from './instructions';
import { isPath, parsePath } from './parser';
import type { FormatContext, Formatter, Plugins, Predicate } from './plugin';
import { child, isTruthy, jsonLiteral, MISSING, ownChild, toText } from './values';

/** Applying macros and partials nests at most this deep (the language's limit). */
export const MAX_PARTIAL_DEPTH = 16;

export interface ExecutionLimits {
  /** Instructions one render may execute before it stops with an error. */
  maxSteps: number;
  /** Characters of output one render may produce before it stops with an error. */
  maxOutputLength: number;
  /** Blocks (sections, predicates, partials…) open at once. */
  maxDepth: number;
}

export const DEFAULT_EXECUTION_LIMITS: ExecutionLimits = {
  maxSteps: 5_000_000,
  maxOutputLength: 50_000_000,
  maxDepth: 1_000,
};

/** A compiled partial or macro body, and the partial its positions belong to (undefined: the main template). */
export interface PartialCode {
  block: Block;
  source: string | undefined;
}

export interface RenderSetup {
  plugins: Plugins;
  /** Compiles a partial's source on first use (the engine's compile, with the same plugins). */
  partial(name: string): PartialCode | undefined;
  injects: Readonly<Record<string, string>>;
  locale: string;
  now: number;
  expressionLimits: Partial<ExpressionLimits> | undefined;
  limits: ExecutionLimits;
  positions: WeakMap<object, Position>;
}

class Frame {
  vars: Map<string, unknown> | null = null;
  macros: Map<string, PartialCode> | null = null;
  constructor(
    public node: unknown,
    /** Position in the enclosing repeated section, or -1. */
    public index = -1,
  ) {}
}

/**
 * The frames a lookup can see. A `private` partial gets a scope of its own whose parent
 * is used only to find macros.
 */
interface Scope {
  frames: Frame[];
  parent: Scope | null;
}

/** Thrown (and caught inside this module) to stop a render that exceeded its limits. */
class Stop extends Error {}

const NO_ARGS: readonly string[] = [];

/** A plugin table as a Map, made once per table (faster than an object with dashed keys on the hot path). */
function tableAsMap<T>(tables: WeakMap<object, Map<string, T>>, table: Record<string, T>): Map<string, T> {
  let map = tables.get(table);
  if (!map) {
    map = new Map(Object.entries(table));
    tables.set(table, map);
  }
  return map;
}

const formatterTables = new WeakMap<object, Map<string, Formatter>>();
const predicateTables = new WeakMap<object, Map<string, Predicate>>();
const formatterTable = (plugins: Plugins) => tableAsMap(formatterTables, plugins.formatters);
const predicateTable = (plugins: Plugins) => tableAsMap(predicateTables, plugins.predicates);

/** Paths written in formatter and predicate arguments, parsed once (the platform's memoised path cache). */
export const pathCache = boundedCache<Path | null>(PATH_CACHE_CAPACITY);

/** The text `parsePending` parses: one make function for every lookup, not a closure per call. */
let pending = '';
const parsePending = () => (isPath(pending) ? parsePath(pending) : null);

/** The path an argument names, or null when it names none. */
export function cachedPath(text: string): Path | null {
  pending = text;
  return pathCache(text, parsePending);
}
/** One instruction compiled: what `exec` does for it, with its operands read once. */
type Op = (r: Renderer) => void;

/** A formatter of a chain, resolved from the table when its block is compiled. */
interface ResolvedCall {
  name: string;
  formatter: Formatter | undefined;
  args: readonly string[];
}

/**
 * How a value's first path is read: a plain name searched outwards (then the rest of the path),
 * `@`, `@name`, `@index`, or any other path.
 */
const READ_NAME = 0;
const READ_NODE = 1;
const READ_VARIABLE = 2;
const READ_INDEX = 3;
const READ_PATH = 4;
type ReadKind = typeof READ_NAME | typeof READ_NODE | typeof READ_VARIABLE | typeof READ_INDEX | typeof READ_PATH;

/** A variable compiled: data read by one method rather than closures, so that no call is megamorphic. */
interface Value {
  kind: ReadKind;
  /** The name of READ_NAME and READ_VARIABLE. */
  name: string;
  /** What READ_INDEX adds to the position: 1 for `@index`, 0 for `@index0`. */
  base: 0 | 1;
  path: Path;
  /** The formatter of `{a|f}` when it is known; then `chain` is null. */
  only: ResolvedCall | null;
  /** Any other formatters, or null. */
  chain: ResolvedCall[] | null;
  /** The other variables of `{a, b|f}`. */
  rest: Path[] | null;
}

/** Instructions whose op runs the text before them. */
const PREFIXED = new Set<number>([
  Opcode.VARIABLE,
  Opcode.BINDVAR,
  Opcode.SECTION,
  Opcode.REPEATED,
  Opcode.PREDICATE,
  Opcode.IF,
  Opcode.EVAL,
]);

function isText(inst: Instruction | undefined): inst is TextInst {
  return inst !== undefined && typeof inst !== 'number' && inst[0] === Opcode.TEXT;
}

function takesPrefix(inst: Instruction | undefined): boolean {
  return inst !== undefined && typeof inst !== 'number' && PREFIXED.has(inst[0]);
}

/** Compiled blocks, per plugin set: formatters and predicates are resolved once. */
const compiledBlocks = new WeakMap<Plugins, WeakMap<Block, Op[]>>();

type CompiledEval = { ok: true; expression: CompiledExpression } | { ok: false; error: string };
const expressions = new WeakMap<object, CompiledEval>();

/** Runs one instruction tree against one JSON value. Never throws. */
export class Renderer implements FormatContext {
  private out = '';
  private scope: Scope;
  private partialDepth = 0;
  private blockDepth = 0;
  private steps = 0;
  /** The instruction running now; its source position is looked up only when reporting. */
  private current: Instruction | null = null;
  private source: string | undefined;
  /** The value a variable's formatter chain started from (an applied partial sees it in its stack). */
  private subject: unknown;
  readonly errors: TemplateError[] = [];
  readonly locale: string;
  readonly now: number;
  // The limits, read on every instruction, kept here rather than two objects away.
  private readonly maxSteps: number;
  private readonly maxOutputLength: number;
  private readonly maxDepth: number;
  private readonly formatters: Map<string, Formatter>;
  private readonly predicates: Map<string, Predicate>;
  private readonly compiled: WeakMap<Block, Op[]>;
  /** What `.eval` expressions read and assign through; made once, not per expression. */
  private readonly expressionScope: ExpressionScope = {
    lookup: (path) => this.lookup(path),
    assign: (name, value) => this.bind(name, value),
  };

  constructor(
    private readonly setup: RenderSetup,
    json: unknown,
  ) {
    this.scope = { frames: [new Frame(json)], parent: null };
    this.locale = setup.locale;
    this.now = setup.now;
    this.maxSteps = setup.limits.maxSteps;
    this.maxOutputLength = setup.limits.maxOutputLength;
    this.maxDepth = setup.limits.maxDepth;
    this.formatters = formatterTable(setup.plugins);
    this.predicates = predicateTable(setup.plugins);
    let compiled = compiledBlocks.get(setup.plugins);
    if (!compiled) compiledBlocks.set(setup.plugins, (compiled = new WeakMap()));
    this.compiled = compiled;
  }

  /** Renders `code`; problems are in `errors`. */
  render(code: Code): string {
    try {
      this.run(code[2]);
    } catch (error) {
      if (error instanceof Stop) this.error(error.message);
      else if (error instanceof RangeError) this.error('The template is nested too deeply to render');
      else this.error(`Unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    }
    return this.out;
  }

  // ---- FormatContext -------------------------------------------------------------------

  node(): unknown {
    return this.top().node;
  }

  resolve(path: string): unknown {
    const parsed = cachedPath(path);
    return parsed ? this.lookup(parsed) : undefined;
  }

  resolveFrom(node: unknown, path: string): unknown {
    const parsed = cachedPath(path);
    if (!parsed) return undefined;
    this.scope.frames.push(new Frame(node));
    try {
      return this.lookup(parsed);
    } finally {
      this.scope.frames.pop();
    }
  }

  argValue(arg: string): unknown {
    const literal = jsonLiteral(arg);
    return literal ? literal.value : this.resolve(arg);
  }

  error(message: string): void {
    const pos = (this.current && typeof this.current === 'object' && this.setup.positions.get(this.current)) || {
      line: 0,
      column: 0,
    };
    this.errors.push({
      stage: 'execute',
      message,
      line: pos.line,
      column: pos.column,
      ...(this.source ? { source: this.source } : {}),
    });
  }

  applyPartial(name: string, node: unknown, args: Record<string, string> | undefined, isolated = false): string {
    if (this.partialDepth >= MAX_PARTIAL_DEPTH) {
      this.error(`Applying '${name}' would nest partials more than ${MAX_PARTIAL_DEPTH} deep`);
      return '';
    }
    const partial = this.findPartial(name);
    if (!partial) {
      this.error(`Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    const frame = new Frame(node);
    if (args) frame.vars = new Map([['@args', args]]);
    if (isolated) return this.capture(partial, { frames: [frame], parent: this.scope });
    // A partial sees the caller's data, variables and @index, like a section does, and the
    // variable being formatted even when earlier formatters replaced it (`{obj|html|apply m}`).
    const frames = this.scope.frames;
    const depth = frames.length;
    if (this.subject !== node) frames.push(new Frame(this.subject));
    frames.push(frame);
    try {
      return this.capture(partial, this.scope);
    } finally {
      // Popping is cheaper than setting the length; a failed section may have left frames too.
      while (frames.length > depth) frames.pop();
    }
  }

  // ---- Running -------------------------------------------------------------------------

  private top(): Frame {
    return this.scope.frames[this.scope.frames.length - 1] as Frame;
  }

  private emit(text: string): void {
    if (text === '') return;
    this.out += text;
    if (this.out.length > this.maxOutputLength) this.stop(0);
  }

  /** Runs a partial in `scope` and returns what it printed. */
  private capture(partial: PartialCode, scope: Scope): string {
    // Locals, not an object: a partial can run once per item of a list.
    const out = this.out;
    const outerScope = this.scope;
    const source = this.source;
    const current = this.current;
    const blockDepth = this.blockDepth;
    this.out = '';
    this.scope = scope;
    this.source = partial.source;
    this.partialDepth++;
    try {
      this.run(partial.block);
      return this.out;
    } finally {
      this.partialDepth--;
      this.out = out;
      this.scope = outerScope;
      this.source = source;
      this.current = current;
      this.blockDepth = blockDepth;
    }
  }

  // No try/finally on the hot paths below: an exception either ends the render or is caught
  // by the formatter that applied a partial, and applyPartial restores the frames itself.
  private run(block: Block): void {
    this.runOps(this.opsOf(block));
  }

  private runOps(ops: Op[]): void {
    if (++this.blockDepth > this.maxDepth) this.stop(1);
    for (let i = 0; i < ops.length; i++) (ops[i] as Op)(this);
    this.blockDepth--;
  }

  /** Ends the render at a limit: out of line, so that the checks stay small enough to inline. */
  private stop(limit: 0 | 1 | 2): never {
    if (limit === 0) throw new Stop(`Output is longer than ${this.maxOutputLength} characters`);
    if (limit === 1) throw new Stop(`Blocks are nested more than ${this.maxDepth} deep`);
    throw new Stop(`The render took more than ${this.maxSteps} steps`);
  }

  private step(): void {
    if (++this.steps > this.maxSteps) this.stop(2);
  }

  /**
   * A block's ops. Text is run by the op next to it (before a variable, a binding, a test or a
   * section, or after a variable), doing what its own op would, in order: fewer calls per block.
   */
  private compileBlock(block: Block): Op[] {
    const ops: Op[] = [];
    for (let i = 0; i < block.length; i++) {
      const inst = block[i] as Instruction;
      let prefix: TextInst | null = null;
      let target = inst;
      if (isText(inst) && takesPrefix(block[i + 1])) {
        prefix = inst;
        target = block[++i] as Instruction;
      }
      // Text after it, unless that text is the prefix of the instruction after.
      let suffix: TextInst | null = null;
      const after = block[i + 1];
      if (takesPrefix(target) && isText(after) && !takesPrefix(block[i + 2])) {
        suffix = after;
        i++;
      }
      ops.push(this.compileOp(target, prefix, suffix));
    }
    this.compiled.set(block, ops);
    return ops;
  }

  /** The block's ops, compiled now if need be (child blocks are compiled with their parent). */
  private opsOf(block: Block): Op[] {
    return this.compiled.get(block) ?? this.compileBlock(block);
  }

  /** An `{.or}` chain as one op, or null for END. Its tests run with the block's instruction current. */
  private compileAlternative(alt: Alternative): Op | null {
    if (alt === Opcode.END) return null;
    const name = alt[1];
    const args = alt[2];
    const predicate = name === 0 ? undefined : this.predicates.get(name);
    const body = this.opsOf(alt[3]);
    const next = this.compileAlternative(alt[4]);
    return (r) => {
      if (name === 0 || r.test(name, args, predicate)) r.runOps(body);
      else if (next) next(r);
    };
  }

  /** What a text op does: run by the op it precedes or follows. */
  private text(inst: TextInst): void {
    this.step();
    this.current = inst;
    this.emit(inst[1]);
  }

  /**
   * `prefix` and `suffix` are text run first and last (only for the instructions
   * {@link takesPrefix} accepts).
   */
  private compileOp(inst: Instruction, prefix: TextInst | null = null, suffix: TextInst | null = null): Op {
    if (typeof inst === 'number') {
      const text = ATOM_TEXT[inst] ?? '';
      return (r) => {
        r.step();
        r.emit(text);
      };
    }
    switch (inst[0]) {
      case Opcode.TEXT:
        return (r) => r.text(inst);
      case Opcode.VARIABLE: {
        const value = this.compileValue(inst[1], inst[2]);
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          const result = r.valueOf(value);
          r.emit(typeof result === 'string' ? result : toText(result));
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.BINDVAR: {
        const name = inst[1];
        const value = this.compileValue(inst[2], inst[3]);
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          r.bind(name, r.valueOf(value));
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.SECTION: {
        const path = inst[1];
        const body = this.opsOf(inst[2]);
        const alt = this.compileAlternative(inst[3]);
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          // The section's value is in scope for its .or branches too (`{.or}{@}` sees it).
          const value = r.sectionValue(path);
          r.scope.frames.push(new Frame(value));
          if (isTruthy(value)) r.runOps(body);
          else if (alt) alt(r);
          r.scope.frames.pop();
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.REPEATED: {
        const path = inst[1];
        const body = this.opsOf(inst[2]);
        const alt = this.compileAlternative(inst[3]);
        const between = inst[4].length > 0 ? this.opsOf(inst[4]) : null;
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          const list = r.sectionValue(path);
          if (Array.isArray(list) && list.length > 0) r.repeat(list, body, between);
          else if (alt) alt(r);
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.PREDICATE: {
        const name = inst[1];
        const args = inst[2];
        const predicate = this.predicates.get(name);
        const body = this.opsOf(inst[3]);
        const alt = this.compileAlternative(inst[4]);
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          if (r.test(name, args, predicate)) r.runOps(body);
          else if (alt) alt(r);
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.IF: {
        const operators = inst[1];
        const paths = inst[2];
        const single = operators.length === 0 ? this.compileValue([paths[0] ?? []], 0) : null;
        const body = this.opsOf(inst[3]);
        const alt = this.compileAlternative(inst[4]);
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          if (single ? isTruthy(r.read(single)) : r.condition(operators, paths)) r.runOps(body);
          else if (alt) alt(r);
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.EVAL: {
        // Compiled on first use, as evalExpression alone would, then kept here.
        let compiled: CompiledEval | undefined;
        return (r) => {
          if (prefix !== null) r.text(prefix);
          r.step();
          r.current = inst;
          r.evalExpression(inst, (compiled ??= r.compiledEval(inst)));
          if (suffix !== null) r.text(suffix);
        };
      }
      case Opcode.OR_PREDICATE: {
        // The assembler puts `{.or}` only in chains; code given as JSON may hold one in a block.
        const chain = this.compileAlternative(inst);
        return (r) => {
          r.step();
          r.current = inst;
          chain?.(r);
        };
      }
      default:
        return (r) => r.exec(inst);
    }
  }

  /** A repeated section's items (a list of at least one). */
  private repeat(list: unknown[], body: Op[], between: Op[] | null): void {
    // The list itself is a frame too: a name missing from an item is looked up in the list next.
    const frames = this.scope.frames;
    frames.push(new Frame(list));
    // One frame for every item, emptied for each: nothing keeps a frame once it is popped.
    const item = new Frame(list[0], 0);
    frames.push(item);
    for (let i = 0; i < list.length; i++) {
      if (i > 0) {
        item.node = list[i];
        item.index = i;
        item.vars = null;
        item.macros = null;
      }
      this.runOps(body);
      if (between && i < list.length - 1) this.runOps(between);
    }
    frames.pop();
    frames.pop();
  }

  /** The value of `{a, b|f|g}` or `{.var @x a|f}`: the first variable through the formatter chain. */
  private compileValue(paths: Path[], formatters: Formatters): Value {
    const first = paths[0] ?? [];
    const name = first[0];
    let kind: ReadKind = READ_PATH;
    if (typeof name === 'string' && name.charCodeAt(0) !== 64 /* @ */) kind = READ_NAME;
    else if (first.length === 1 && typeof name === 'string') {
      if (name === '@') kind = READ_NODE;
      else if (name === '@index' || name === '@index0') kind = READ_INDEX;
      else kind = READ_VARIABLE;
    }
    const calls: ResolvedCall[] =
      formatters === 0
        ? []
        : formatters.map(([call, args]) => ({
            name: call,
            formatter: this.formatters.get(call),
            args: args ? args[0] : NO_ARGS,
          }));
    const rest = paths.length > 1 ? paths.slice(1) : null;
    // One known formatter and one variable (most of them): called directly, without the chain's loop.
    const only = rest === null && calls.length === 1 && calls[0]?.formatter ? (calls[0] as ResolvedCall) : null;
    return {
      kind,
      name: typeof name === 'string' ? name : '',
      base: name === '@index' ? 1 : 0,
      path: first,
      only,
      chain: only === null && calls.length > 0 ? calls : null,
      rest,
    };
  }

  /** A variable's value: its first path read, through its formatters. */
  private valueOf(value: Value): unknown {
    const input = this.read(value);
    const only = value.only;
    const chain = value.chain;
    if (only === null && chain === null) return input;
    const rest = value.rest;
    const others = rest === null ? NO_ARGS : rest.map((p) => this.lookup(p));
    const outerSubject = this.subject;
    this.subject = input;
    // No finally: format lets only Stop through, and Stop ends the render.
    const result =
      only !== null
        ? this.call(only.name, only.formatter as Formatter, input, only.args, others)
        : this.format(input, chain as ResolvedCall[], others);
    this.subject = outerSubject;
    return result;
  }

  /** `lookup` of a value's first path, the common single names read without its other cases. */
  private read(value: Value): unknown {
    const kind = value.kind;
    if (kind === READ_NAME) {
      let found = this.findName(value.name);
      const path = value.path;
      for (let i = 1; i < path.length; i++) found = child(found, path[i] as string | number);
      return found;
    }
    if (kind === READ_NODE) return this.top().node;
    if (kind === READ_VARIABLE) return this.variable(value.name);
    if (kind === READ_INDEX) return this.repeatIndex(value.base);
    return this.lookup(value.path);
  }

  /** Instructions without an op of their own. */
  private exec(inst: Instruction): void {
    this.step();
    if (typeof inst === 'number') return;
    this.current = inst;
    switch (inst[0]) {
      case Opcode.CTXVAR: {
        const object: Record<string, unknown> = {};
        for (const [key, path] of inst[2]) object[key] = this.lookup(path) ?? null;
        this.bind(inst[1], object);
        return;
      }
      case Opcode.INJECT: {
        const text = Object.hasOwn(this.setup.injects, inst[2]) ? this.setup.injects[inst[2]] : undefined;
        let value: unknown = text;
        if (typeof text === 'string') {
          try {
            value = JSON.parse(text);
          } catch {
            // Not JSON: the text itself.
          }
        }
        this.bind(inst[1], value);
        return;
      }
      case Opcode.MACRO: {
        const frame = this.top();
        (frame.macros ??= new Map()).set(inst[1], { block: inst[2], source: this.source });
        return;
      }
      case Opcode.EVAL:
        this.evalExpression(inst);
        return;
      case Opcode.INCLUDE: {
        const [, name, [args]] = inst;
        if (this.partialDepth >= MAX_PARTIAL_DEPTH) {
          this.error(`Including '${name}' would nest partials more than ${MAX_PARTIAL_DEPTH} deep`);
          return;
        }
        const partial = this.findPartial(name);
        if (!partial) {
          this.error(`Attempt to apply partial '${name}' which could not be found.`);
          return;
        }
        const output = this.capture(partial, this.scope);
        if (args.includes('output')) this.emit(output);
        return;
      }
      case Opcode.COMMENT:
        return;
    }
  }

  /**
   * `.if a && b && c` / `.if a || b || c`. Operators are not mixed: as on the platform, the
   * chain stops at the first operator that differs from the first one.
   */
  private condition(operators: (0 | 1)[], paths: Path[]): boolean {
    let result = isTruthy(this.lookup(paths[0] ?? []));
    const first = operators[0];
    for (let i = 0; i < operators.length && operators[i] === first; i++) {
      const next = isTruthy(this.lookup(paths[i + 1] ?? []));
      result = first === 1 ? result && next : result || next;
    }
    return result;
  }

  private test(name: string, args: [string[], string] | 0, predicate = this.predicates.get(name)): boolean {
    if (!predicate) {
      this.error(`Predicate '${name}' is unknown`);
      return false;
    }
    try {
      return predicate({ node: this.top().node, args: args === 0 ? NO_ARGS : args[0], ctx: this });
    } catch (error) {
      if (error instanceof Stop) throw error;
      this.error(`Predicate '${name}' failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private format(input: unknown, calls: ResolvedCall[], others: readonly unknown[]): unknown {
    let value = input;
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i] as ResolvedCall;
      const formatter = call.formatter;
      if (!formatter) this.error(`Formatter '${call.name}' is unknown`);
      else value = this.call(call.name, formatter, value, call.args, others);
    }
    return value;
  }

  /** One formatter of a chain; a failure is reported and gives undefined. */
  private call(
    name: string,
    formatter: Formatter,
    value: unknown,
    args: readonly string[],
    others: readonly unknown[],
  ): unknown {
    try {
      return formatter({ value, args, others, ctx: this });
    } catch (error) {
      if (error instanceof Stop) throw error;
      this.error(`Formatter '${name}' failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** The expression of an `.eval`, compiled once (with the limits of the render that first runs it). */
  private compiledEval(inst: EvalInst): CompiledEval {
    let compiled = expressions.get(inst);
    if (!compiled) {
      compiled = compileExpression(inst[1], this.setup.expressionLimits);
      expressions.set(inst, compiled);
    }
    return compiled;
  }

  private evalExpression(inst: EvalInst, compiled = this.compiledEval(inst)): void {
    if (!compiled.ok) {
      this.error(`Error parsing expression "${inst[1]}": ${compiled.error}`);
      return;
    }
    const result = evaluateExpression(compiled.expression, this.expressionScope, this.setup.expressionLimits);
    if (result.error) this.error(`Error evaluating expression "${inst[1]}": ${result.error}`);
    else if (result.value !== undefined) this.emit(toText(result.value));
  }

  private bind(name: string, value: unknown): void {
    const frame = this.top();
    (frame.vars ??= new Map()).set(name, value);
  }

  /** Variable lookup: `@`, `@index`, `@name`, or a name searched from the innermost frame outwards. */
  private lookup(path: Readonly<Path>): unknown {
    if (path.length === 0) return this.top().node;
    const first = path[0] as string | number;
    let value: unknown;
    if (first === '@') value = this.top().node;
    else if (first === '@index' || first === '@index0') value = this.repeatIndex(first === '@index' ? 1 : 0);
    else if (typeof first === 'string' && first.charCodeAt(0) === 64 /* @ */) value = this.variable(first);
    else if (typeof first === 'string') value = this.findName(first);
    else {
      const frames = this.scope.frames;
      for (let i = frames.length - 1; i >= 0; i--) {
        const found = ownChild((frames[i] as Frame).node, first);
        if (found !== MISSING) {
          value = found;
          break;
        }
      }
    }
    for (let i = 1; i < path.length; i++) value = child(value, path[i] as string | number);
    return value;
  }

  /** A name searched from the innermost frame outwards (ownChild of a name, written out: the hottest lookup). */
  private findName(name: string): unknown {
    const frames = this.scope.frames;
    for (let i = frames.length - 1; i >= 0; i--) {
      const node = (frames[i] as Frame).node;
      if (typeof node === 'object' && node !== null && !Array.isArray(node) && Object.hasOwn(node, name)) {
        return (node as Record<string, unknown>)[name];
      }
    }
    return undefined;
  }

  /** Section lookup: names (and `@name` variables) are read from the current frame only, the language's rule. */
  private sectionValue(path: Path): unknown {
    const first = path[0] as string | number;
    const top = this.top();
    let value: unknown;
    if (first === '@') value = top.node;
    else if (first === '@index' || first === '@index0') value = this.repeatIndex(first === '@index' ? 1 : 0);
    else if (typeof first === 'string' && first.charCodeAt(0) === 64 /* @ */) value = top.vars?.get(first);
    else value = child(top.node, first);
    for (let i = 1; i < path.length; i++) value = child(value, path[i] as string | number);
    return value;
  }

  private repeatIndex(base: 0 | 1): number | undefined {
    const frames = this.scope.frames;
    for (let i = frames.length - 1; i >= 0; i--) {
      const index = (frames[i] as Frame).index;
      if (index >= 0) return index + base;
    }
    return undefined;
  }

  /** `@name`: bound in an enclosing frame, innermost first; a binding to a missing value does not hide outer ones. */
  private variable(name: string): unknown {
    const frames = this.scope.frames;
    for (let i = frames.length - 1; i >= 0; i--) {
      const value = (frames[i] as Frame).vars?.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** A macro defined in an enclosing frame (innermost first, callers included), else a partial. */
  private findPartial(name: string): PartialCode | undefined {
    for (let scope: Scope | null = this.scope; scope; scope = scope.parent) {
      for (let i = scope.frames.length - 1; i >= 0; i--) {
        const macro = (scope.frames[i] as Frame).macros?.get(name);
        if (macro) return macro;
      }
    }
    return this.setup.partial(name);
  }
}

const ATOM_TEXT: Record<number, string> = {
  [Opcode.META_LEFT]: '{',
  [Opcode.META_RIGHT]: '}',
  [Opcode.NEWLINE]: '\n',
  [Opcode.SPACE]: ' ',
  [Opcode.TAB]: '\t',
};
