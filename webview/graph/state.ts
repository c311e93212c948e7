/**
 * The view's state and how messages change it: a reducer, `reduce(state, event) → { state, effects }`, where
 * the effects are the requests to post to the panel. Pure, so the behaviour is tested without a page.
 */
import { passView, plainView, ViewGraph } from './diff';
import type { FromWebview, ToWebview } from './messages';
import type { FrameGraph, NodeBreakpoint, PassGraph, PassSummary } from '../../contract/graph';

/** `running`: the selected frame of the program that runs; a number: that snapshot of the pass pipeline. */
export type Selection = 'running' | number;

export interface ViewState {
  readonly status: 'idle' | 'stopped' | 'running';
  /** What to do when there is nothing to show. */
  readonly idleMessage: string;
  readonly session?: string;
  readonly frameGraph?: FrameGraph;
  readonly passes: readonly PassSummary[];
  readonly selected: Selection;
  /** The selected snapshot's graph, once it has arrived. */
  readonly passGraph?: PassGraph;
  /** Node breakpoints of the session: the adapter's answer, or `pending` until it comes. */
  readonly nodeBreakpoints: ReadonlyMap<string, NodeBreakpoint | 'pending'>;
  readonly error?: string;
  /** The engine's answer to the last search of a graph in parts. */
  readonly found?: { readonly selection: Selection; readonly query: string; readonly ids: readonly string[]; readonly total: number };
  /** Ids asked for in a graph in parts (regions to open, nodes to reveal) whose answer has not come yet. */
  readonly loading: readonly string[];
}

/** What the page does (besides the panel's messages). */
export type UiEvent =
  | { readonly type: 'ui/select'; readonly selection: Selection }
  | { readonly type: 'ui/toggleBreakpoint'; readonly id: string }
  /** Open regions of a graph in parts, or the regions around nodes (their ids), by asking the panel. */
  | { readonly type: 'ui/expand'; readonly ids: readonly string[] }
  /** Search the whole function of a graph in parts. */
  | { readonly type: 'ui/find'; readonly query: string };

export type ViewEvent = ToWebview | UiEvent;

export const NO_SESSION_MESSAGE = 'Start debugging a .bir file (F5) to see its graph.';

export function initialState(): ViewState {
  return { status: 'idle', idleMessage: NO_SESSION_MESSAGE, passes: [], selected: 'running', nodeBreakpoints: new Map(), loading: [] };
}

export function reduce(state: ViewState, event: ViewEvent): { state: ViewState; effects: FromWebview[] } {
  const effects: FromWebview[] = [];
  const next = ((): ViewState => {
    switch (event.type) {
      case 'idle':
        return { ...initialState(), idleMessage: event.message };
      case 'graph': {
        if (event.session !== state.session) {
          // A new session: its own passes, breakpoints and selection.
          effects.push({ type: 'requestPassGraphs' });
          return { ...initialState(), status: 'stopped', session: event.session, frameGraph: event.graph };
        }
        return { ...state, status: 'stopped', frameGraph: event.graph, error: undefined, loading: state.selected === 'running' ? [] : state.loading };
      }
      case 'running':
        return event.session === state.session ? { ...state, status: 'running' } : state;
      case 'passGraphs':
        return event.session === state.session ? { ...state, passes: event.graphs } : state;
      case 'passGraph':
        if (event.session !== state.session || state.selected !== event.graph.index) return state;
        return { ...state, passGraph: event.graph, error: undefined, loading: [] };
      case 'found':
        if (event.session !== state.session || event.selection !== state.selected) return state;
        return { ...state, found: { selection: event.selection, query: event.query, ids: event.ids, total: event.total } };
      case 'nodeBreakpoints': {
        if (event.session !== state.session) return state;
        const map = new Map<string, NodeBreakpoint | 'pending'>();
        event.nodes.forEach((id, i) => map.set(id, event.breakpoints[i] ?? 'pending'));
        return { ...state, nodeBreakpoints: map };
      }
      case 'error':
        return { ...state, error: event.message, loading: [] };
      case 'ui/select': {
        if (event.selection === state.selected) return state;
        if (event.selection === 'running') return { ...state, selected: 'running', passGraph: undefined, error: undefined, found: undefined, loading: [] };
        if (state.status === 'idle') return state;
        effects.push({ type: 'selectPass', index: event.selection });
        return { ...state, selected: event.selection, passGraph: undefined, error: undefined, found: undefined, loading: [] };
      }
      case 'ui/expand': {
        if (state.status === 'idle' || event.ids.length === 0) return state;
        effects.push({ type: 'expand', selection: state.selected, ids: event.ids });
        return { ...state, loading: [...new Set([...state.loading, ...event.ids])] };
      }
      case 'ui/find': {
        if (state.status === 'idle') return state;
        effects.push({ type: 'find', selection: state.selected, query: event.query });
        return { ...state, found: undefined };
      }
      case 'ui/toggleBreakpoint': {
        if (state.status === 'idle') return state;
        const map = new Map(state.nodeBreakpoints);
        if (map.has(event.id)) map.delete(event.id);
        else map.set(event.id, 'pending');
        effects.push({ type: 'toggleNodeBreakpoint', id: event.id });
        return { ...state, nodeBreakpoints: map };
      }
    }
  })();
  return { state: next, effects };
}

/** The graph to draw for a state (undefined while there is none, or while a snapshot's graph is on its way). */
export function viewOf(state: ViewState): ViewGraph | undefined {
  if (state.status === 'idle') return undefined;
  if (state.selected === 'running') {
    const g = state.frameGraph;
    if (!g) return undefined;
    // Stopped in the compiler, bir/graph answers a snapshot's graph: draw its diff too.
    return isCompilerStop(g) ? passView(g) : plainView(g);
  }
  return state.passGraph ? passView(state.passGraph) : undefined;
}

/** The title line: what the view shows. */
export function titleOf(state: ViewState): string {
  if (state.status === 'idle') return 'BIR graph';
  if (state.selected !== 'running') {
    const p = state.passes.find((x) => x.index === state.selected);
    const g = state.passGraph;
    return `${g ? g.function : '…'}, snapshot ${state.selected}${p ? ` (${p.pass})` : ''}`;
  }
  const g = state.frameGraph;
  if (!g) return 'BIR graph';
  if (isCompilerStop(g)) return `${g.function}, compiler stop at snapshot ${g.index}${g.pass ? ` (${g.pass})` : ''}`;
  return `${g.function}${g.frame ? `, frame ${g.frame}` : ''}`;
}

/** Stopped between compiler passes, `bir/graph` answers that snapshot's graph, with what its pass changed. */
export function isCompilerStop(g: FrameGraph): g is PassGraph {
  return 'changes' in g;
}

/** The frame whose graph is shown, when it is the running program's. */
export function frameOf(g: FrameGraph | undefined): string | undefined {
  return g && !isCompilerStop(g) ? g.frame : undefined;
}

/**
 * A key of a graph's structure (function, nodes, regions, edges; not the states or values): the layout is
 * kept while the key stays the same, so a step only restyles the nodes.
 */
export function structureKey(view: ViewGraph): string {
  let h = 0x811c9dc5;
  const add = (s: string): void => {
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  };
  add(view.function);
  for (const n of view.nodes) {
    add(n.id);
    add(n.label);
    add(n.region ?? '');
  }
  for (const r of view.regions) {
    add(r.id);
    add(r.parent ?? '');
    add(r.label);
  }
  for (const e of view.edges) {
    add(e.from);
    add(e.to);
    add(e.label);
  }
  return `${view.function}|${view.nodes.length}|${view.regions.length}|${view.edges.length}|${(h >>> 0).toString(16)}`;
}
