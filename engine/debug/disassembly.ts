/**
 * The disassembly of a program: its instructions after passes, one per address. An instruction's address is its
 * node's index in the program that runs plus ADDRESS_BASE, so that the Disassembly view, instruction breakpoints, node breakpoints
 * and stack frames all name an instruction the same way. Each line says the engine, the opcode and the operands
 * as the graph view labels them; control nodes (`for`, `if`, `call`, `return`) are instructions of the SP engine.
 */
import * as path from 'path';
import { Node, Program } from '../ir/program';
import { forHeader, instructionLabel } from '../graph/build';
import { scalarText } from '../graph/footprint';
import { EngineError } from '../protocol/errors';
import { DisassembledInstruction } from '../protocol/types';

/** The most instructions one request may ask for: the Disassembly view asks for tens at a time. */
export const MAX_DISASSEMBLE = 100_000;

/**
 * The address of the program's first instruction. Not 0: the Disassembly view asks for instructions before the one
 * it shows (and VS Code reads address 0 as no address), so there is room below the program for lines marked invalid.
 */
export const ADDRESS_BASE = 0x1000;

export function addressOf(node: Node): number {
  return ADDRESS_BASE + node.index;
}

/** The instruction at an address, if the program has one there. */
export function nodeAt(program: Program, address: number): Node | undefined {
  const index = address - ADDRESS_BASE;
  return program.code.has(index) ? program.code.node(index) : undefined;
}

/** An address as DAP carries it (a memory reference): hexadecimal. */
export function formatAddress(address: number): string {
  return `0x${address.toString(16)}`;
}

/** `count` instructions from `address + instructionOffset`; addresses outside the program are marked invalid. */
export function disassemble(program: Program, address: number, instructionOffset: number, count: number): DisassembledInstruction[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new EngineError(`'disassemble' needs instructionCount, a count of instructions (0 or more), found ${count}`, 'argument');
  if (count > MAX_DISASSEMBLE) throw new EngineError(`'disassemble' answers at most ${MAX_DISASSEMBLE.toLocaleString('en-US')} instructions at once, asked for ${count.toLocaleString('en-US')}`, 'argument');
  const start = address + instructionOffset;
  const out: DisassembledInstruction[] = [];
  for (let a = start; a < start + count; a++) {
    const node = nodeAt(program, a);
    out.push(node ? instructionAt(node) : { address: a, text: '', invalid: true });
  }
  return out;
}

function instructionAt(node: Node): DisassembledInstruction {
  const s = node.span;
  return {
    address: addressOf(node), text: instructionText(node), symbol: node.fn.fullName,
    path: path.resolve(s.file), line: s.line, column: s.col, endLine: s.endLine, endColumn: s.endCol,
  };
}

/** `ACT  Activation out[0:128, :] <- x, func = exp`: the engine in a column, then what the instruction does. */
export function instructionText(node: Node): string {
  const engine = node.kind === 'instr' ? node.engine : 'SP';
  return `${engine.padEnd(4)} ${operation(node)}`;
}

function operation(node: Node): string {
  switch (node.kind) {
    case 'instr': {
      if (node.members) return `Fused ${node.group}: ${node.members.map((m) => m.opcode).join(' → ')}`;
      return instructionLabel(node);
    }
    case 'for': return forHeader(node);
    case 'if': return `if ${scalarText(node.cond)}`;
    case 'call': return `call ${node.callee.fullName}(${node.args.map((a) => (a.kind === 'tensor' ? a.ap.text : scalarText(a.expr))).join(', ')})`;
    case 'return': return 'return';
  }
}
