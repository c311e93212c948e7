/**
 * What the view draws for a snapshot of the pass pipeline: the snapshot's graph plus the nodes the pass removed
 * (ghosts: dashed and faded), and for each node what the pass did to it (added, moved, a fused group with its
 * members, fused into a group). Pure: the renderer turns the notes into classes.
 */
import type { DiffNote } from './text';
import type { FunctionGraph, GraphNode, PassChanges } from '../../contract/graph';

/** A graph ready to lay out: the nodes to draw (ghosts included) and a note per node the pass touched. */
export interface ViewGraph extends FunctionGraph {
  readonly notes: ReadonlyMap<string, DiffNote>;
}

/** Anything with a graph and, for a snapshot after a pass, what the pass changed. */
export interface DiffSource extends FunctionGraph {
  readonly index?: number;
  readonly changes?: PassChanges;
  readonly removedNodes?: readonly GraphNode[];
  readonly reasons?: Readonly<Record<string, string>>;
}

/** The graph as it is, without diff notes (the running program). */
export function plainView(g: FunctionGraph): ViewGraph {
  return { function: g.function, nodes: g.nodes, regions: g.regions, edges: g.edges, notes: new Map() };
}

/** The graph of a snapshot with what its pass did: ghosts for removed nodes, notes for the others. */
export function passView(g: DiffSource): ViewGraph {
  const changes = g.changes;
  if (!changes || g.index === 0) return plainView(g);
  const present = new Set(g.nodes.map((n) => n.id));
  const regions = new Set(g.regions.map((r) => r.id));
  const notes = new Map<string, DiffNote>();
  const note = (id: string, add: DiffNote): void => {
    notes.set(id, { ...notes.get(id), ...add });
  };

  const groupOf = new Map<string, string>();
  for (const f of changes.fused) {
    for (const m of f.members) groupOf.set(m, f.group);
    if (present.has(f.group)) note(f.group, { fusedMembers: [...f.members] });
  }
  const added = new Set(changes.added);
  for (const id of changes.added) {
    if (present.has(id) && !notes.get(id)?.fusedMembers) note(id, { added: true });
  }
  for (const id of changes.moved) {
    if (present.has(id)) note(id, { moved: true });
  }

  const ghosts: GraphNode[] = [];
  for (const n of g.removedNodes ?? []) {
    if (present.has(n.id) || added.has(n.id)) continue;
    // A removed node stays in its region when the region still exists; otherwise it is drawn at the top level.
    const { region, state: _state, value: _value, ...rest } = n;
    ghosts.push(region !== undefined && regions.has(region) ? { ...rest, region } : rest);
    present.add(n.id);
    const group = groupOf.get(n.id);
    note(n.id, { ghost: true, ...(group ? { fusedInto: group } : {}), ...(g.reasons?.[n.id] ? { reason: g.reasons[n.id] } : {}) });
  }
  return { function: g.function, nodes: [...g.nodes, ...ghosts], regions: g.regions, edges: g.edges, notes };
}

/** The classes a node's note adds (a fixed vocabulary). */
export function diffClasses(note: DiffNote | undefined): string[] {
  if (!note) return [];
  const out: string[] = [];
  if (note.ghost) out.push('ghost');
  if (note.fusedInto) out.push('fused-member');
  if (note.added) out.push('added');
  if (note.moved) out.push('moved');
  if (note.fusedMembers) out.push('fused');
  return out;
}

/** Counts for the pass list: `+11 −4`, `fused 2`, `moved 3`. */
export function changeSummary(c: PassChanges): string {
  const parts: string[] = [];
  if (c.added.length > 0) parts.push(`+${c.added.length}`);
  if (c.removed.length > 0) parts.push(`−${c.removed.length}`);
  if (c.fused.length > 0) parts.push(`fused ${c.fused.length}`);
  if (c.moved.length > 0) parts.push(`moved ${c.moved.length}`);
  return parts.length > 0 ? parts.join(' ') : 'no change';
}
