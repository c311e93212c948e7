/**
 * The messages between the graph panel (extension/graph-panel.ts) and the webview. The panel only forwards: it
 * sends the debug adapter's answers as they are and turns the webview's requests into custom DAP requests.
 */
import type { FrameGraph, NodeBreakpoint, PassGraph, PassSummary, Span } from '../../contract/graph';
import { fieldsOf, hasTypeIn } from '../shared/messages';

/** Panel → webview. */
export type ToWebview =
  /** No BIR session (or it ended): what to do to see a graph. */
  | { readonly type: 'idle'; readonly message: string }
  /** The graph of the selected frame at a stop (`bir/graph`). `session` names the debug session it belongs to. */
  | { readonly type: 'graph'; readonly session: string; readonly graph: FrameGraph }
  /** The program runs again: the graph shown is of the last stop. */
  | { readonly type: 'running'; readonly session: string }
  /** `bir/passGraphs`: the snapshots of the pass pipeline. */
  | { readonly type: 'passGraphs'; readonly session: string; readonly graphs: readonly PassSummary[] }
  /** `bir/passGraph`: one snapshot's graph with its diff. */
  | { readonly type: 'passGraph'; readonly session: string; readonly graph: PassGraph }
  /** The answer to a search of the whole function (a graph in parts): node ids, shown or not, and how many. */
  | { readonly type: 'found'; readonly session: string; readonly selection: 'running' | number; readonly query: string; readonly ids: readonly string[]; readonly total: number }
  /** The node breakpoints of the session, with the adapter's answer (same order). */
  | { readonly type: 'nodeBreakpoints'; readonly session: string; readonly nodes: readonly string[]; readonly breakpoints: readonly NodeBreakpoint[] }
  /** A request failed: the adapter's message. */
  | { readonly type: 'error'; readonly message: string };

/** Webview → panel. */
export type FromWebview =
  /** The script is loaded: send the current state. */
  | { readonly type: 'ready' }
  | { readonly type: 'requestPassGraphs' }
  | { readonly type: 'selectPass'; readonly index: number }
  /** Open the node's source beside the panel. */
  | { readonly type: 'reveal'; readonly span: Span }
  | { readonly type: 'toggleNodeBreakpoint'; readonly id: string }
  /** Open the tensor view on a node's destination (evaluated in the selected frame). */
  | { readonly type: 'showTensor'; readonly expression: string }
  /**
   * A graph in parts: ask for it again with these regions' contents too (region ids), or with the regions around
   * these nodes (node ids); the panel keeps what the session asked for.
   */
  | { readonly type: 'expand'; readonly selection: 'running' | number; readonly ids: readonly string[] }
  /** A graph in parts: search the whole function (the answer is `found`). */
  | { readonly type: 'find'; readonly selection: 'running' | number; readonly query: string };

/**
 * What the panel posts: a message, where a graph travels as JSON text (`json`) rather than as an object. A large
 * graph's object takes the browser 20 times longer to pass than its text takes to pass and parse (structured clone of
 * thousands of small objects: 640 ms against 30 + 100 ms for 5,000 nodes, bench/webview.bench.mjs's graphs).
 */
export type PostedToWebview = ToWebview
  | { readonly type: 'graph'; readonly session: string; readonly json: string }
  | { readonly type: 'passGraph'; readonly session: string; readonly json: string };

/** The message a posted one stands for (its graph parsed). */
export function decodePosted(m: PostedToWebview): ToWebview {
  if ((m.type === 'graph' || m.type === 'passGraph') && 'json' in m) {
    return m.type === 'graph' ? { type: 'graph', session: m.session, graph: JSON.parse(m.json) as FrameGraph } : { type: 'passGraph', session: m.session, graph: JSON.parse(m.json) as PassGraph };
  }
  return m as ToWebview;
}

const TO_WEBVIEW_TYPES = new Set(['idle', 'graph', 'running', 'passGraphs', 'passGraph', 'found', 'nodeBreakpoints', 'error']);

/** Whether data posted to the webview is one of its messages (anything else is ignored). */
export function isToWebview(data: unknown): data is PostedToWebview {
  return hasTypeIn(data, TO_WEBVIEW_TYPES);
}

/** Whether data posted by the webview is a well-formed request (the panel checks before forwarding). */
export function isFromWebview(data: unknown): data is FromWebview {
  const m = fieldsOf(data);
  switch (m?.type) {
    case 'ready':
    case 'requestPassGraphs':
      return true;
    case 'selectPass':
      return Number.isInteger(m.index) && (m.index as number) >= 0;
    case 'toggleNodeBreakpoint':
      return typeof m.id === 'string' && m.id.length > 0;
    case 'showTensor':
      return typeof m.expression === 'string' && m.expression.length > 0 && m.expression.length < 4096;
    case 'expand':
      return isSelection(m.selection) && Array.isArray(m.ids) && m.ids.length <= 10_000 && m.ids.every((id) => typeof id === 'string' && id.length > 0 && id.length < 4096);
    case 'find':
      return isSelection(m.selection) && typeof m.query === 'string' && m.query.length <= 200;
    case 'reveal': {
      const s = fieldsOf(m.span);
      return s !== undefined && typeof s.file === 'string' && Number.isInteger(s.line) && Number.isInteger(s.col)
        && Number.isInteger(s.endLine) && Number.isInteger(s.endCol);
    }
    default:
      return false;
  }
}

function isSelection(s: unknown): boolean {
  return s === 'running' || (Number.isInteger(s) && (s as number) >= 0);
}
