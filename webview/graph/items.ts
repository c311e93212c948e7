/**
 * What a visible item's box says and how large it is: a node (its label, and `ACT · L71`), a node standing for a
 * collapsed group (the same, with how many nodes it holds), or a collapsed group's own box (`lines 40–80`, `35
 * nodes`). Pure; the layouts size boxes with it and the renderers draw its text.
 */
import { NODE_FONT_PX, NODE_HEIGHT, NODE_LABEL_MAX, nodeBoxText, textWidth } from './layout';
import { shorten } from './text';
import type { VisibleGraph } from './tree';

export interface BoxText {
  readonly title: string;
  readonly sub: string;
  /** The shortest text that still names it, drawn when the box is too small for the title (the opcode). */
  readonly short: string;
}

const NODE_PAD_X = 10;
const NODE_DECOR_X = 26;

function nodes(count: number): string {
  return `${count.toLocaleString('en-US')} node${count === 1 ? '' : 's'}`;
}

export function itemText(v: VisibleGraph, i: number): BoxText {
  const n = v.nodes[i];
  const item = v.items[i];
  if (item?.kind === 'group') {
    const g = v.tree.groups.get(item.group)!;
    const remote = g.levels.some((l) => v.tree.levels.get(l)?.remote);
    const title = shorten(g.label, NODE_LABEL_MAX);
    const lines = g.lines && !/^lines /.test(g.label) ? ` · lines ${g.lines[0]}–${g.lines[1]}` : '';
    return { title, sub: `⊞ ${nodes(g.size)}${lines}${remote ? ' (click to load)' : ''}`, short: groupShort(g.label, g.lines) };
  }
  const t = nodeBoxText(n.label, n.engine, n.span.line);
  const short = shortOf(n.opcode, n.label);
  if (item?.kind === 'node' && item.collapsed !== undefined) {
    const g = v.tree.groups.get(item.collapsed)!;
    return { title: t.title, sub: `${t.sub} · ⊞ ${nodes(g.kind === 'fused' ? g.members.length : g.size)}`, short };
  }
  return { ...t, short };
}

export function itemSize(v: VisibleGraph, i: number): { width: number; height: number } {
  const t = itemText(v, i);
  const w = Math.max(textWidth(t.title, NODE_FONT_PX), textWidth(t.sub, NODE_FONT_PX - 1));
  // A collapsed group's box is a little larger than a node's: it stands for many.
  const min = v.items[i]?.kind === 'group' ? 168 : 96;
  return { width: Math.max(min, w + 2 * NODE_PAD_X + NODE_DECOR_X), height: NODE_HEIGHT };
}

/** A node's shortest name: its opcode; a `for`, `if` or call its first two words (`for r0`, `call epilogue`). */
export function shortOf(opcode: string, label: string): string {
  if (opcode === 'for' || opcode === 'if' || opcode === 'call') return shorten(label.split(/\s+/).slice(0, 2).join(' ').replace(/\(.*$/, ''), 16);
  return shorten(opcode, 16);
}

/** A group's shortest name: `L93–670` for a run of lines, else its label's first words. */
function groupShort(label: string, lines: readonly [number, number] | undefined): string {
  const m = /^lines (\d+)–(\d+)/.exec(label);
  if (m) return `L${m[1]}–${m[2]}`;
  if (/^inlined /.test(label)) return shorten(label.replace(/ \(call at .*\)$/, ''), 16);
  const words = label.split(/\s+/).slice(0, 2).join(' ');
  return shorten(words || (lines ? `L${lines[0]}–${lines[1]}` : label), 16);
}
