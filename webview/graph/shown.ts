/**
 * What is on screen: a graph, what of it is open, its layout and drawing; and the questions every part asks of it
 * (where a node's box is, which node is current, how large the answer it comes from is).
 */
import type { GraphNode } from '../../contract/graph';
import type { ViewGraph } from './diff';
import type { Box, Layout } from './layout';
import type { LodThresholds } from './lod';
import type { Navigator } from './navigation';
import type { Scene } from './render';
import type { ViewState } from './state';
import type { Tree, VisibleGraph } from './tree';

/** Who laid out what is on screen: ELK, the list layout while ELK takes long, or the levels as kept. */
export type LayoutEngine = 'elk' | 'fallback' | 'instant';

export interface Shown {
  /** The selection and function it is of: expansions and layouts are kept per key. */
  readonly key: string;
  readonly view: ViewGraph;
  readonly tree: Tree;
  readonly mode: 'small' | 'large';
  visible: VisibleGraph;
  /** What the layout was made for (the visible structure). */
  structure: string;
  layout?: Layout;
  scene?: Scene;
  nav?: Navigator;
  engine: LayoutEngine;
  /** The SVG's semantic zoom thresholds, and the maps they need. */
  lodT?: LodThresholds;
  levelOfPos?: (i: number) => number;
  parentOfCluster?: (c: number) => number;
}

/** A visible node's box in the layout on screen. */
export function boxOf(s: Shown | undefined, index: number | undefined): Box | undefined {
  if (index === undefined || !s?.layout) return undefined;
  return s.layout.nodes.find((p) => p.index === index);
}

/** The index of the current node (where the program stopped), or -1. */
export function currentIndex(nodes: readonly GraphNode[]): number {
  return nodes.findIndex((n) => n.state === 'current');
}

/** The answer on screen: its total (a graph in parts has more nodes than it holds). */
export function answerOf(state: ViewState): { total: number; partial: boolean } | undefined {
  const g = state.selected === 'running' ? state.frameGraph : state.passGraph;
  if (!g) return undefined;
  const total = g.total ?? g.nodes.length;
  return { total, partial: g.nodes.length < total || g.regions.some((r) => r.collapsed) };
}
