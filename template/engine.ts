import { assemble } from './assembler';
import type { Position, TemplateError } from './errors';
import { DEFAULT_EXECUTION_LIMITS, Renderer, type ExecutionLimits, type PartialCode } from './executor';
import { compileExpression, type ExpressionLimits } from './expression';
import { Opcode, type Code } from './instructions';
import { scan, type Token } from './parser';
import type { Plugins } from './plugin';

export interface CompileOptions {
  /** Formatters and predicates the template may use (default: every built-in table). */
  plugins?: Plugins;
  /**
   * Names of the partials renders will have. When given, applying a name that is neither
   * one of them nor a macro of the template is a warning at compile time; a render reports it
   * as an error only where it reaches that apply (themes name the platform's own partials in
   * branches that may never run).
   */
  partials?: readonly string[];
  /** Limits `.eval` expressions are checked against. */
  expressionLimits?: Partial<ExpressionLimits>;
}

export interface CompileResult {
  /** The instruction tree: plain JSON, storable, executable any number of times. */
  code: Code;
  /** Parse and assembly problems with line and column; the code is still usable. */
  errors: TemplateError[];
  /** What may be a problem once rendered: partials applied that are not among the names given. */
  warnings: TemplateError[];
}

export interface ExecuteOptions {
  /** Partials by name: template source (compiled on first use, then cached) or compiled code. */
  partials?: Readonly<Record<string, string | Code>>;
  /** Files for `.inject`, by name: JSON text (text that is not JSON is injected as a string). */
  injects?: Readonly<Record<string, string>>;
  /** BCP 47 locale of the render (default "en-US"). */
  locale?: string;
  /** "Now", epoch milliseconds (default: the current time). */
  now?: number;
  /** Limits of `.eval` expressions. */
  expressionLimits?: Partial<ExpressionLimits>;
  /** Limits of the render as a whole. */
  limits?: Partial<ExecutionLimits>;
  /** Formatters and predicates (default: every built-in table). */
  plugins?: Plugins;
}

export interface ExecuteResult {
  output: string;
  /** Problems met while rendering (and compiling partials), with line and column. */
  errors: TemplateError[];
}

/** Source positions of compiled instructions, for the line:column of runtime errors. */
const positions = new WeakMap<object, Position>();

/** Compiled partials, per partials object and plugin set, so repeated renders compile each once. */
const partialCache = new WeakMap<object, WeakMap<object, Map<string, { code: Code; errors: TemplateError[] }>>>();

/**
 * Compile-time checks that need the whole template: `.eval` syntax (errors), and partials that
 * will not exist when the caller said which partials there will be (warnings).
 */
function checkTokens(
  tokens: Token[],
  options: CompileOptions,
  errors: TemplateError[],
  warnings: TemplateError[],
): void {
  const macros = new Set<string>();
  const applied: { name: string; pos: Position }[] = [];
  for (const { inst, pos } of tokens) {
    if (!Array.isArray(inst)) continue;
    if (inst[0] === Opcode.MACRO) macros.add(inst[1]);
    else if (inst[0] === Opcode.EVAL) {
      const compiled = compileExpression(inst[1], options.expressionLimits);
      if (!compiled.ok)
        errors.push({ stage: 'parse', message: `Error parsing expression "${inst[1]}": ${compiled.error}`, ...pos });
    } else if ((inst[0] === Opcode.VARIABLE || inst[0] === Opcode.BINDVAR) && options.partials) {
      const formatters = inst[0] === Opcode.VARIABLE ? inst[2] : inst[3];
      for (const [name, args] of formatters || []) {
        const target = args?.[0][0];
        if (name === 'apply' && target) applied.push({ name: target, pos });
      }
    } else if (inst[0] === Opcode.INCLUDE && options.partials) applied.push({ name: inst[1], pos });
  }
  for (const { name, pos } of applied) {
    if (!macros.has(name) && !options.partials?.includes(name)) {
      warnings.push({ stage: 'parse', message: `Partial '${name}' is not defined`, ...pos });
    }
  }
}

/**
 * Creates the engine's two entry points bound to a set of plugins. Neither ever throws:
 * problems come back as errors, and output goes on where the language says it does.
 */
export function createEngine(defaultPlugins: Plugins) {
  function compile(source: string, options: CompileOptions = {}): CompileResult {
    const errors: TemplateError[] = [];
    const warnings: TemplateError[] = [];
    const plugins = options.plugins ?? defaultPlugins;
    try {
      const tokens = scan(typeof source === 'string' ? source : String(source), plugins, errors);
      const code = assemble(tokens, errors, positions);
      checkTokens(tokens, options, errors, warnings);
      return { code, errors, warnings };
    } catch (error) {
      errors.push({
        stage: 'parse',
        message: `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
        line: 0,
        column: 0,
      });
      return { code: [17, 1, [], 18], errors, warnings };
    }
  }

  function compiledPartial(
    partials: Readonly<Record<string, string | Code>>,
    plugins: Plugins,
    name: string,
    errors: TemplateError[],
  ): PartialCode | undefined {
    if (!Object.hasOwn(partials, name)) return undefined;
    const source = partials[name];
    if (typeof source !== 'string') return source ? { block: source[2], source: name } : undefined;
    let byPlugins = partialCache.get(partials);
    if (!byPlugins) partialCache.set(partials, (byPlugins = new WeakMap()));
    let cache = byPlugins.get(plugins);
    if (!cache) byPlugins.set(plugins, (cache = new Map()));
    let entry = cache.get(name);
    if (!entry) {
      entry = compile(source, { plugins });
      cache.set(name, entry);
    }
    // Compile problems of a partial are reported with each render that uses it.
    for (const error of entry.errors) errors.push({ ...error, source: name });
    return { block: entry.code[2], source: name };
  }

  function execute(code: Code | string, json: unknown, options: ExecuteOptions = {}): ExecuteResult {
    const plugins = options.plugins ?? defaultPlugins;
    const errors: TemplateError[] = [];
    let tree: Code;
    if (typeof code === 'string') {
      const compiled = compile(code, { plugins });
      errors.push(...compiled.errors);
      tree = compiled.code;
    } else {
      tree = code;
    }
    const partials = options.partials ?? {};
    const seen = new Set<string>();
    const renderer = new Renderer(
      {
        plugins,
        partial(name) {
          const partialErrors: TemplateError[] = [];
          const found = compiledPartial(partials, plugins, name, partialErrors);
          if (!seen.has(name)) {
            seen.add(name);
            errors.push(...partialErrors);
          }
          return found;
        },
        injects: options.injects ?? {},
        locale: options.locale ?? 'en-US',
        now: options.now ?? Date.now(),
        expressionLimits: options.expressionLimits,
        limits: { ...DEFAULT_EXECUTION_LIMITS, ...options.limits },
        positions,
      },
      json,
    );
    let output = '';
    if (Array.isArray(tree) && Array.isArray(tree[2])) output = renderer.render(tree);
    else errors.push({ stage: 'execute', message: 'Not an instruction tree', line: 0, column: 0 });
    return { output, errors: [...errors, ...renderer.errors] };
  }

  return { compile, execute };
}
