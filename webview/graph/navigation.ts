/**
 * Keyboard navigation between the nodes of a laid-out graph. Pure: from the positions and the edges it tells
 * which node a key moves the focus to.
 *
 * - Tab / Shift+Tab: the next / previous node in reading order (top to bottom, then left to right); past the
 *   ends the focus leaves the graph (undefined).
 * - ArrowDown / ArrowUp: along the edges, to the successor / predecessor nearest horizontally; without one, the
 *   next / previous node in reading order.
 * - ArrowRight / ArrowLeft: the nearest node to the right / left on the same row; without one, the next /
 *   previous in reading order.
 * - Home / End: the first / last node.
 *
 * And which key does what (keyAction): Enter or Space reveals the source, B toggles a node breakpoint, the
 * context-menu key or Shift+F10 opens the node menu, + and - zoom, F or 0 fits, C or . goes to the current node.
 */
export interface NavBox {
  /** Index into the view's nodes. */
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Navigator {
  /** Node indices in reading order. */
  readonly order: readonly number[];
  next(from: number | undefined, key: string, shift?: boolean): number | undefined;
}

export function readingOrder(boxes: readonly NavBox[]): number[] {
  return [...boxes].sort((a, b) => a.y - b.y || a.x - b.x || a.index - b.index).map((b) => b.index);
}

export function makeNavigator(boxes: readonly NavBox[], edges: readonly { readonly from: number; readonly to: number }[]): Navigator {
  const order = readingOrder(boxes);
  const rank = new Map(order.map((ix, k) => [ix, k]));
  const box = new Map(boxes.map((b) => [b.index, b]));
  const succ = new Map<number, number[]>();
  const pred = new Map<number, number[]>();
  for (const e of edges) {
    if (e.from === e.to || !box.has(e.from) || !box.has(e.to)) continue;
    (succ.get(e.from) ?? succ.set(e.from, []).get(e.from)!).push(e.to);
    (pred.get(e.to) ?? pred.set(e.to, []).get(e.to)!).push(e.from);
  }
  const cx = (i: number): number => box.get(i)!.x + box.get(i)!.width / 2;
  const cy = (i: number): number => box.get(i)!.y + box.get(i)!.height / 2;
  const byOrder = (from: number, step: number): number | undefined => order[rank.get(from)! + step];
  const nearest = (from: number, candidates: readonly number[] | undefined): number | undefined => {
    if (!candidates || candidates.length === 0) return undefined;
    return [...new Set(candidates)].sort((a, b) => Math.abs(cx(a) - cx(from)) - Math.abs(cx(b) - cx(from)) || rank.get(a)! - rank.get(b)!)[0];
  };
  const sameRow = (from: number, dir: 1 | -1): number | undefined => {
    const f = box.get(from)!;
    let best: number | undefined;
    for (const b of boxes) {
      if (b.index === from) continue;
      const overlaps = b.y < f.y + f.height && f.y < b.y + b.height;
      const d = (cx(b.index) - cx(from)) * dir;
      if (!overlaps || d <= 0) continue;
      if (best === undefined || d < (cx(best) - cx(from)) * dir || (d === (cx(best) - cx(from)) * dir && Math.abs(cy(b.index) - cy(from)) < Math.abs(cy(best) - cy(from)))) best = b.index;
    }
    return best;
  };
  return {
    order,
    next(from, key, shift = false) {
      if (order.length === 0) return undefined;
      if (from === undefined || !rank.has(from)) {
        if (key === 'End') return order[order.length - 1];
        return (key === 'Tab' && shift) || key === 'ArrowUp' || key === 'ArrowLeft' ? order[order.length - 1] : order[0];
      }
      switch (key) {
        case 'Tab': return byOrder(from, shift ? -1 : 1);
        case 'ArrowDown': return nearest(from, succ.get(from)) ?? byOrder(from, 1) ?? from;
        case 'ArrowUp': return nearest(from, pred.get(from)) ?? byOrder(from, -1) ?? from;
        case 'ArrowRight': return sameRow(from, 1) ?? byOrder(from, 1) ?? from;
        case 'ArrowLeft': return sameRow(from, -1) ?? byOrder(from, -1) ?? from;
        case 'Home': return order[0];
        case 'End': return order[order.length - 1];
        default: return undefined;
      }
    },
  };
}

/** What a key on the drawing does; the navigation keys go to the navigator. */
export type KeyAction =
  | { readonly kind: 'move'; readonly key: string; readonly shift: boolean }
  | { readonly kind: 'reveal' }
  | { readonly kind: 'toggleBreakpoint' }
  | { readonly kind: 'showTensor' }
  | { readonly kind: 'menu' }
  | { readonly kind: 'zoom'; readonly factor: number }
  | { readonly kind: 'fit' }
  | { readonly kind: 'current' };

/** The action of a key (pure; undefined for keys the view leaves alone). */
export function keyAction(e: { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): KeyAction | undefined {
  if (e.ctrlKey || e.altKey || e.metaKey) return undefined;
  switch (e.key) {
    case 'ArrowUp': case 'ArrowDown': case 'ArrowLeft': case 'ArrowRight': case 'Home': case 'End': case 'Tab':
      return { kind: 'move', key: e.key, shift: e.shiftKey };
    case 'Enter': case ' ':
      return { kind: 'reveal' };
    case 'b': case 'B':
      return { kind: 'toggleBreakpoint' };
    case 't': case 'T':
      return { kind: 'showTensor' };
    case 'ContextMenu':
      return { kind: 'menu' };
    case 'F10':
      return e.shiftKey ? { kind: 'menu' } : undefined;
    case '+': case '=':
      return { kind: 'zoom', factor: 1.25 };
    case '-': case '_':
      return { kind: 'zoom', factor: 0.8 };
    case 'f': case 'F': case '0':
      return { kind: 'fit' };
    case 'c': case 'C': case '.':
      return { kind: 'current' };
    default:
      return undefined;
  }
}
