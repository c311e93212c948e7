/**
 * Which DRAM tensors of two programs are the same tensor: those of one name (a name two modules of a program share
 * is qualified by its module, `attn::out`). Matched tensors must have one dtype and shape, or the runs cannot be
 * compared element by element; tensors only one program has are compared with nothing, and the report says so.
 */
import { DramInfo, Program } from '../ir/program';

export interface DramPair {
  readonly name: string;
  readonly a: DramInfo;
  readonly b: DramInfo;
}

export interface DramMatch {
  readonly pairs: readonly DramPair[];
  /** Slot of A → the pair it is in (undefined: only A has it). */
  readonly ofA: readonly (DramPair | undefined)[];
  readonly onlyA: readonly string[];
  readonly onlyB: readonly string[];
}

/** Two programs whose DRAM tensors cannot be put side by side: the message says which and how. */
export class UnmatchedPrograms extends Error {}

export function matchDrams(a: Program, b: Program, names: { readonly a: string; readonly b: string }): DramMatch {
  const inB = new Map(b.drams.map((d) => [keyOf(b, d), d]));
  const pairs: DramPair[] = [];
  const ofA: (DramPair | undefined)[] = a.drams.map(() => undefined);
  const onlyA: string[] = [];
  for (const da of a.drams) {
    const name = keyOf(a, da);
    const db = inB.get(name);
    if (!db) {
      onlyA.push(name);
      continue;
    }
    inB.delete(name);
    if (da.dtype !== db.dtype || da.shape.length !== db.shape.length || da.shape.some((n, i) => n !== db.shape[i])) {
      throw new UnmatchedPrograms(`dram ${name} is ${typeOf(da)} in ${names.a} (${where(da)}) but ${typeOf(db)} in ${names.b} (${where(db)}): the runs cannot be compared element by element`);
    }
    const pair = { name, a: da, b: db };
    pairs.push(pair);
    ofA[da.slot] = pair;
  }
  if (pairs.length === 0) throw new UnmatchedPrograms(`${names.a} and ${names.b} have no dram tensor of the same name: nothing to compare (A has ${a.drams.map((d) => d.name).join(', ') || 'none'}; B has ${b.drams.map((d) => d.name).join(', ') || 'none'})`);
  return { pairs, ofA, onlyA, onlyB: [...inB.keys()] };
}

function keyOf(p: Program, d: DramInfo): string {
  return p.drams.some((o) => o !== d && o.name === d.name) ? `${d.module}::${d.name}` : d.name;
}

function typeOf(d: DramInfo): string {
  return `${d.dtype}[${d.shape.join(', ')}]`;
}

function where(d: DramInfo): string {
  return `${d.span.file}:${d.span.line}:${d.span.col}`;
}
