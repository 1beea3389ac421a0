/**
 * The instruction tree: plain JSON arrays, the shape the public vectors' `ast-N` files use,
 * so compiled code can be stored and executed later.
 */

/** Opcodes of the instruction tree (the numbers are part of the stored format). */
export const Opcode = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  ALTERNATES_WITH: 19,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const;
export type Opcode = (typeof Opcode)[keyof typeof Opcode];

/** A path into the data: `a.b.0` is `["a", "b", 0]`; `@`, `@index`, `@name` and `$name` are segments too. */
export type Path = (string | number)[];

/** Arguments of a formatter or predicate: the values and the delimiter that separated them. */
export type Args = [values: string[], delimiter: string];

/** One formatter of a chain: `[name]` or `[name, args]`. */
export type FormatterCall = [name: string] | [name: string, args: Args];

/** Formatters of a variable or binding, or 0 for none. */
export type Formatters = FormatterCall[] | 0;

export type TextInst = [typeof Opcode.TEXT, string];
export type VariableInst = [typeof Opcode.VARIABLE, Path[], Formatters];
export type BindvarInst = [typeof Opcode.BINDVAR, string, Path[], Formatters];
export type CtxvarInst = [typeof Opcode.CTXVAR, string, [string, Path][]];
export type SectionInst = [typeof Opcode.SECTION, Path, Block, Alternative];
export type RepeatedInst = [typeof Opcode.REPEATED, Path, Block, Alternative, Block];
export type PredicateInst = [typeof Opcode.PREDICATE, string, Args | 0, Block, Alternative];
/** `{.or}` (name 0) or `{.or predicate? args}`. */
export type OrInst = [typeof Opcode.OR_PREDICATE, string | 0, Args | 0, Block, Alternative];
/** Operators are 1 for `&&` and 0 for `||`, applied left to right. */
export type IfInst = [typeof Opcode.IF, (0 | 1)[], Path[], Block, Alternative];
export type InjectInst = [typeof Opcode.INJECT, string, string, Args | 0];
export type MacroInst = [typeof Opcode.MACRO, string, Block];
export type CommentInst = [typeof Opcode.COMMENT, string, 0 | 1];
export type EvalInst = [typeof Opcode.EVAL, string];
export type IncludeInst = [typeof Opcode.INCLUDE, string, Args];
export type AtomInst =
  typeof Opcode.META_LEFT | typeof Opcode.META_RIGHT | typeof Opcode.NEWLINE | typeof Opcode.SPACE | typeof Opcode.TAB;

/** What runs when a block's test fails: END (3) or an `{.or}` chain. */
export type Alternative = typeof Opcode.END | OrInst;

export type Instruction =
  | TextInst
  | VariableInst
  | BindvarInst
  | CtxvarInst
  | SectionInst
  | RepeatedInst
  | PredicateInst
  | OrInst
  | IfInst
  | InjectInst
  | MacroInst
  | CommentInst
  | EvalInst
  | IncludeInst
  | AtomInst;

export type Block = Instruction[];

/** A whole compiled template. */
export type RootInst = [typeof Opcode.ROOT, 1, Block, typeof Opcode.EOF];
export type Code = RootInst;

/** Names of opcodes, for messages. */
export const OPCODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(Opcode).map(([name, code]) => [code, name]),
);
