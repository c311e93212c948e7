/** What every pass returns, and the helpers passes share. */
import { Node, Program, Region } from '../ir/program';
import { forEachNode } from '../ir/numbering';
import type { PassChanges } from '../../contract/graph';
import type { RewriteTally } from './rewrite-counter';

export interface PassOutcome {
  readonly program: Program;
  readonly changes: PassChanges;
  /** Why each removed node was removed, in the user's terms (`nothing reads 'tmp' after it is written`). */
  readonly reasons: ReadonlyMap<string, string>;
  /** Its individual rewrites: how many it made (and skipped, beyond a budget), and what each was when recorded. */
  readonly rewrites: RewriteTally;
}

export function noChanges(): { added: string[]; removed: string[]; fused: { group: string; members: string[] }[]; moved: string[] } {
  return { added: [], removed: [], fused: [], moved: [] };
}

/** Every node of a program, nested regions included. */
export function allNodes(program: Program): Node[] {
  const out: Node[] = [];
  for (const fn of program.functions.values()) forEachNode(fn.body, (n) => out.push(n));
  return out;
}

/** Whether the program has a node of a kind other than an instruction (those are few, kept as objects by its code). */
export function hasNodeOfKind(program: Program, kind: 'call' | 'for' | 'if'): boolean {
  for (const node of program.code.objectNodes()) if (node.kind === kind) return true;
  return false;
}

/** Number of nodes in a region, nested regions included. */
export function regionSize(region: Region): number {
  let n = 0;
  forEachNode(region, () => n++);
  return n;
}

/** Ids in `after` that are not in `before`. */
export function newIds(before: Program, after: Program): string[] {
  const old = new Set(allNodes(before).map((n) => n.id));
  return allNodes(after).map((n) => n.id).filter((id) => !old.has(id));
}
