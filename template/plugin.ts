/**
 * The contract between the engine and its formatters and predicates. Plugins are plain
 * functions in one table per domain (core, commerce, content, i18n), merged once.
 */

/** What a formatter or predicate can ask of the template it runs in. */
export interface FormatContext {
  /** The node in scope (`@`). */
  node(): unknown;
  /** Resolves a path as written in a template (`a.b.0`, `@`, `@index`, `@name`), looking up the stack. */
  resolve(path: string): unknown;
  /** Resolves `path` as if `node` were pushed as the innermost frame (so it falls back to the stack). */
  resolveFrom(node: unknown, path: string): unknown;
  /**
   * Reads a predicate-style argument: a JSON literal (`"text"`, `12`, `true`, `null`)
   * is itself; anything else is a path to resolve.
   */
  argValue(arg: string): unknown;
  /**
   * Runs a macro or partial with `node` pushed as its data and `args` as `@args`; returns its
   * output. It sees the caller's data and variables unless `isolated` (the `private` argument).
   */
  applyPartial(name: string, node: unknown, args: Record<string, string> | undefined, isolated?: boolean): string;
  /** Locale of the render (BCP 47, e.g. "en-US"). */
  readonly locale: string;
  /** "Now" of the render, epoch milliseconds. */
  readonly now: number;
  /** Reports a problem at the current instruction; the render goes on. */
  error(message: string): void;
}

export interface FormatterInput {
  /** The value being formatted: the first variable, or the previous formatter's result. */
  value: unknown;
  /** Arguments as written, split on their delimiter. */
  args: readonly string[];
  /** Values of the other variables of `{a, b, c|…}` (b and c). */
  others: readonly unknown[];
  ctx: FormatContext;
}

/** Returns the new value; strings are output as they are (no escaping unless a formatter does it). */
export type Formatter = (input: FormatterInput) => unknown;

export interface PredicateInput {
  /** The node in scope. */
  node: unknown;
  args: readonly string[];
  ctx: FormatContext;
}

export type Predicate = (input: PredicateInput) => boolean;

/** The formatters and predicates a compile or render can use, by template name. */
export interface Plugins {
  formatters: Readonly<Record<string, Formatter>>;
  predicates: Readonly<Record<string, Predicate>>;
}
