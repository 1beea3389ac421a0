import type { Position, TemplateError } from './errors';
import {
  OPCODE_NAMES,
  Opcode,
  type Block,
  type Code,
  type IfInst,
  type Instruction,
  type MacroInst,
  type OrInst,
  type PredicateInst,
  type RepeatedInst,
  type SectionInst,
} from './instructions';
import type { Token } from './parser';

/** Blocks nest at most this deep; deeper blocks are dropped with an error (no stack overflow). */
export const MAX_NESTING = 256;

type Opener = SectionInst | RepeatedInst | PredicateInst | IfInst | MacroInst;

interface Open {
  inst: Opener | null; // null: the root
  pos: Position;
  /** Where instructions go now: the main block, the alternates block or the last `.or` block. */
  target: Block;
  lastOr: OrInst | null;
  plainOr: boolean;
  inAlternates: boolean;
}

function mainBlock(inst: Opener): Block {
  switch (inst[0]) {
    case Opcode.SECTION:
    case Opcode.REPEATED:
    case Opcode.MACRO:
      return inst[2];
    default:
      return inst[3];
  }
}

function setAlternative(inst: Opener | OrInst, or: OrInst): void {
  switch (inst[0]) {
    case Opcode.SECTION:
    case Opcode.REPEATED:
      inst[3] = or;
      break;
    case Opcode.PREDICATE:
    case Opcode.IF:
    case Opcode.OR_PREDICATE:
      inst[4] = or;
      break;
  }
}

function isOpener(inst: Instruction): inst is Opener {
  if (!Array.isArray(inst)) return false;
  const op = inst[0];
  return (
    op === Opcode.SECTION ||
    op === Opcode.REPEATED ||
    op === Opcode.PREDICATE ||
    op === Opcode.IF ||
    op === Opcode.MACRO
  );
}

/**
 * Builds the instruction tree from scanned tokens, without recursion. Misplaced `.end`,
 * `.or` and `.alternates with` are reported and dropped; unclosed blocks are closed at
 * the end with an error, and rendering goes on.
 */
export function assemble(tokens: Token[], errors: TemplateError[], positions: WeakMap<object, Position>): Code {
  const root: Block = [];
  const stack: Open[] = [
    { inst: null, pos: { line: 1, column: 1 }, target: root, lastOr: null, plainOr: false, inAlternates: false },
  ];
  let dropped = 0; // openers beyond MAX_NESTING whose .end must be swallowed too
  const fail = (message: string, pos: Position) => errors.push({ stage: 'assemble', message, ...pos });

  for (const { inst, pos } of tokens) {
    const top = stack[stack.length - 1] as Open;
    const ownerName = top.inst ? (OPCODE_NAMES[top.inst[0]] ?? '') : '';

    if (inst === Opcode.END) {
      if (dropped > 0) dropped--;
      else if (!top.inst) fail('Instruction END not allowed at root', pos);
      else stack.pop();
      continue;
    }
    if (Array.isArray(inst) && inst[0] === Opcode.ALTERNATES_WITH) {
      if (dropped > 0) continue;
      if (!top.inst) fail('Instruction ALTERNATES_WITH not allowed at root', pos);
      else if (top.inst[0] !== Opcode.REPEATED || top.lastOr || top.inAlternates) {
        const where = top.lastOr ? 'OR_PREDICATE' : ownerName;
        fail(`ALTERNATES_WITH instruction is not allowed inside ${where} block.`, pos);
      } else {
        top.inAlternates = true;
        top.target = top.inst[4];
      }
      continue;
    }
    const instruction = inst as Instruction;
    if (Array.isArray(instruction)) positions.set(instruction, pos);

    if (Array.isArray(instruction) && instruction[0] === Opcode.OR_PREDICATE) {
      if (dropped > 0) continue;
      if (!top.inst) fail('Instruction OR_PREDICATE not allowed at root', pos);
      else if (top.inst[0] === Opcode.MACRO) fail('OR_PREDICATE instruction is not allowed inside MACRO block.', pos);
      else if (top.plainOr) fail('This OR_PREDICATE block will never execute.', pos);
      else {
        setAlternative(top.lastOr ?? top.inst, instruction);
        top.lastOr = instruction;
        top.plainOr = instruction[1] === 0;
        top.inAlternates = false;
        top.target = instruction[3];
      }
      continue;
    }

    if (isOpener(instruction)) {
      if (stack.length > MAX_NESTING) {
        if (dropped === 0) fail(`Blocks are nested more than ${MAX_NESTING} deep`, pos);
        dropped++;
        continue;
      }
      top.target.push(instruction);
      stack.push({
        inst: instruction,
        pos,
        target: mainBlock(instruction),
        lastOr: null,
        plainOr: false,
        inAlternates: false,
      });
      continue;
    }
    top.target.push(instruction);
  }

  for (let i = stack.length - 1; i > 0; i--) {
    const open = stack[i] as Open;
    fail(`Reached EOF in the middle of ${OPCODE_NAMES[(open.inst as Opener)[0]]}`, open.pos);
  }
  return [Opcode.ROOT, 1, root, Opcode.EOF];
}
