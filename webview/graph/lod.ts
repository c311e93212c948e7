/**
 * Semantic zoom: what each box shows at a zoom, so that the drawing reads at every zoom (pure, tested without a page).
 *
 * - Near, a node shows its label and its engine and line (`full`); farther, only its opcode (`short`: a `for`, `if` or
 *   call its label), in a font that stays at least MIN_TEXT_PX on screen.
 * - Farther still, a node cannot show even that: its level (a loop's body, a chunk, an inlined call...) is then drawn
 *   **covered**, as one labelled box, its contents hidden. A level is drawn open only at zooms where everything
 *   directly in it reads and every level inside can at least be covered with its label; otherwise it is covered, or,
 *   when even its cover's label would not read, the level around it is.
 * - The top level is covered too (one box: the function's name) when its own nodes, or the covers of the levels in it,
 *   would not read.
 *
 * Thresholds are computed once per layout (`lodThresholds`); `lodAt` answers for a zoom.
 */
import { CHAR_EM, Layout } from './layout';

/** No text is drawn smaller than this on screen (px). */
export const MIN_TEXT_PX = 8;
/** Levels' headers and edges' labels are 11 px in the drawing's units (style.css's `.cluster text`, `.edge-label`). */
export const LABEL_PX = 11;
/** A node's title is drawn at 12 px in the drawing's units: its full text shows from where that is 8 px on screen. */
const TITLE_PX = 12;
export const FULL_MIN_PX = 8;
/** The font of the short text and of covers' labels, on screen (at most). */
export const SHORT_MAX_PX = 12;
export const COVER_MAX_PX = 14;
/** Room between rows of boxes that a short text may use beyond its box (the layouts leave more). */
const ROW_ROOM = 24;

export interface LodThresholds {
  /** Per placed node (parallel to layout.nodes): the zoom from which its title reads, and its short text. */
  readonly full: readonly number[];
  readonly short: readonly number[];
  /** Per cluster (parallel to layout.clusters): the zoom from which it can be drawn open, and covered with its label. */
  readonly open: readonly number[];
  readonly cover: readonly number[];
  /** The zoom from which the top level can be drawn open. */
  readonly rootOpen: number;
}

export interface Lod {
  readonly k: number;
  /** Per placed node: what it shows (`hidden`: inside a covered level). */
  readonly node: readonly ('full' | 'short' | 'hidden')[];
  /** Per cluster: `open`, `covered` (one labelled box), or `hidden` (inside a covered level). */
  readonly cluster: readonly ('open' | 'covered' | 'hidden')[];
  /** Nothing reads: the whole graph is one box. */
  readonly rootCovered: boolean;
}

/** The zoom from which `chars` characters fit a box of this size at MIN_TEXT_PX (with `room` below it). */
function readsFrom(chars: number, width: number, height: number, room: number): number {
  const byWidth = (Math.max(1, Math.min(chars, 12)) * CHAR_EM * MIN_TEXT_PX) / Math.max(1, width - 12);
  const byHeight = MIN_TEXT_PX / Math.max(1, height + room);
  return Math.max(byWidth, byHeight);
}

/**
 * `shortText(i)`: the short text of the node at layout.nodes[i]; `levelOf(i)`: the cluster (index into layout.clusters)
 * holding that node directly, -1 at the top level; `parentOf(c)`: the cluster holding cluster c, -1 at the top level.
 */
export function lodThresholds(layout: Layout, shortText: (i: number) => string, levelOf: (i: number) => number, parentOf: (c: number) => number): LodThresholds {
  const full = layout.nodes.map(() => FULL_MIN_PX / TITLE_PX);
  const short = layout.nodes.map((p, i) => Math.min(full[i], readsFrom(shortText(i).length, p.width, p.height, ROW_ROOM)));
  const cover = layout.clusters.map((c) => readsFrom(Math.min(c.label.length, 10), c.width, c.height, 0));
  // A level opens when its own nodes read and each level in it can at least be covered.
  const open = layout.clusters.map(() => 0);
  let rootOpen = 0;
  layout.nodes.forEach((_, i) => {
    const c = levelOf(i);
    if (c < 0) rootOpen = Math.max(rootOpen, short[i]);
    else open[c] = Math.max(open[c], short[i]);
  });
  layout.clusters.forEach((_, c) => {
    const p = parentOf(c);
    if (p < 0) rootOpen = Math.max(rootOpen, cover[c]);
    else open[p] = Math.max(open[p], cover[c]);
  });
  // A cluster can only be covered where its label reads; never open where it could not be covered either.
  layout.clusters.forEach((_, c) => {
    open[c] = Math.max(open[c], cover[c]);
  });
  return { full, short, open, cover, rootOpen };
}

export function lodAt(t: LodThresholds, k: number, levelOf: (i: number) => number, parentOf: (c: number) => number): Lod {
  const rootCovered = k < t.rootOpen;
  const cluster: ('open' | 'covered' | 'hidden')[] = new Array(t.open.length);
  const state = (c: number): 'open' | 'covered' | 'hidden' => {
    if (cluster[c] !== undefined) return cluster[c];
    const p = parentOf(c);
    const around = p < 0 ? (rootCovered ? 'hidden' : 'open') : state(p);
    cluster[c] = around !== 'open' ? 'hidden' : k >= t.open[c] ? 'open' : 'covered';
    return cluster[c];
  };
  for (let c = 0; c < t.open.length; c++) state(c);
  const node = t.full.map((_, i) => {
    const c = levelOf(i);
    if (rootCovered || (c >= 0 && cluster[c] !== 'open')) return 'hidden';
    return k >= t.full[i] ? 'full' : 'short';
  });
  return { k, node, cluster, rootCovered };
}

/** The font (on screen, px) of a short text in a box at zoom k: as large as fits, at most SHORT_MAX_PX. */
export function shortFontPx(text: string, width: number, height: number, k: number): number {
  const byWidth = ((width - 12) * k) / (Math.max(1, Math.min(text.length, 12)) * CHAR_EM);
  return Math.max(MIN_TEXT_PX, Math.min(SHORT_MAX_PX, byWidth, (height + ROW_ROOM) * k * 0.8));
}
