/**
 * Text shown in the view: box labels, accessible names and tooltips. Everything here is plain text: the
 * renderer puts it into the page with textContent and setAttribute only, never as markup, so identifiers and
 * Print strings cannot become HTML or SVG. These helpers also drop characters that would garble a line (control
 * characters, bidirectional overrides) and shorten long labels.
 */
import type { GraphNode, NodeBreakpoint, Span } from '../../contract/graph';

/** The engines the legend lists, in its order, with their names. */
export const ENGINES: readonly { readonly id: string; readonly name: string }[] = [
  { id: 'PE', name: 'PE (tensor engine)' },
  { id: 'ACT', name: 'ACT (scalar engine)' },
  { id: 'DVE', name: 'DVE (vector engine)' },
  { id: 'POOL', name: 'POOL (GpSimd)' },
  { id: 'DMA', name: 'DMA' },
  { id: 'SP', name: 'SP (control)' },
];

const KNOWN_ENGINES = new Set(ENGINES.map((e) => e.id));

/** The CSS class of an engine: one of a fixed set, whatever the string (so data never names a class). */
export function engineClass(engine: string): string {
  return KNOWN_ENGINES.has(engine) ? `engine-${engine.toLowerCase()}` : 'engine-other';
}

// C0 and C1 controls (tab and newline become spaces), bidirectional embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One line of plain text: no control or bidi-override characters; line breaks and tabs (with the spaces around them) become one space. */
export function plainText(s: string): string {
  return s.replace(UNSAFE, '').replace(/[ ]*[\t\n\r]+[ ]*/g, ' ');
}

/** Plain text of at most `max` characters (code points), ending in `…` when cut. */
export function shorten(s: string, max: number): string {
  const chars = [...plainText(s)];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** The file name of a path (either separator). */
export function baseName(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 1] || file;
}

/** `calls_loops.bir:71:3`. */
export function spanText(span: Span): string {
  return `${plainText(baseName(span.file))}:${span.line}:${span.col}`;
}

export function stateText(state: GraphNode['state']): string | undefined {
  switch (state) {
    case 'current': return 'current node, about to run';
    case 'run': return 'executed';
    case 'not-run': return 'not run yet';
    default: return undefined;
  }
}

/** What a node's diff says, for its accessible name and tooltip. */
export interface DiffNote {
  readonly ghost?: boolean;
  readonly added?: boolean;
  readonly moved?: boolean;
  readonly fusedMembers?: readonly string[];
  readonly fusedInto?: string;
  readonly reason?: string;
}

function diffWords(d: DiffNote | undefined): string[] {
  if (!d) return [];
  const out: string[] = [];
  if (d.ghost) out.push(d.fusedInto ? `fused into ${d.fusedInto} by this pass` : 'removed by this pass');
  if (d.added) out.push('added by this pass');
  if (d.moved) out.push('moved by this pass');
  if (d.fusedMembers) out.push(`fused group of ${d.fusedMembers.length}`);
  return out;
}

/** The accessible name of a node: `MatMult acc <- xT, ws, PE engine, line 41, executed`. */
export function nodeAriaLabel(node: GraphNode, diff?: DiffNote, breakpoint?: NodeBreakpoint | 'pending'): string {
  const parts = [shorten(node.label, 200), `${plainText(node.engine)} engine`, `line ${node.span.line}`];
  const state = stateText(node.state);
  if (state) parts.push(state);
  parts.push(...diffWords(diff));
  if (breakpoint) parts.push(breakpoint !== 'pending' && !breakpoint.verified ? 'node breakpoint (unverified)' : 'node breakpoint');
  return parts.join(', ');
}

/** The tooltip of a node, one entry per line: opcode, where, state, value and what the pass did. */
export function tooltipLines(node: GraphNode, diff?: DiffNote, breakpoint?: NodeBreakpoint | 'pending'): string[] {
  const lines = [
    `${plainText(node.opcode)} · ${plainText(node.engine)}`,
    shorten(node.label, 400),
    spanText(node.span),
  ];
  const state = stateText(node.state);
  if (state) lines.push(state);
  if (node.value !== undefined) lines.push(`value: ${shorten(node.value, 300)}`);
  if (node.callee) lines.push(`calls ${plainText(node.callee)}`);
  if (node.inlinedFrom) lines.push(`inlined from ${plainText(node.inlinedFrom)}`);
  if (diff?.ghost) lines.push(diff.fusedInto ? `fused into ${plainText(diff.fusedInto)}` : 'removed by this pass');
  if (diff?.reason) lines.push(`why: ${shorten(diff.reason, 300)}`);
  if (diff?.added) lines.push('added by this pass');
  if (diff?.moved) lines.push('moved by this pass');
  const members = diff?.fusedMembers ?? node.members;
  if (members && members.length > 0) {
    lines.push(`fuses ${members.length}:`);
    for (const m of members.slice(0, 12)) lines.push(`  ${shorten(m, 120)}`);
    if (members.length > 12) lines.push(`  … ${members.length - 12} more`);
  }
  if (breakpoint) lines.push(breakpoint !== 'pending' && !breakpoint.verified ? `node breakpoint: ${plainText(breakpoint.message ?? 'unverified')}` : 'node breakpoint');
  lines.push(`id: ${plainText(node.id)}`);
  return lines;
}
