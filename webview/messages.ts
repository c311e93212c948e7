/**
 * The messages between the graph panel (extension/graph-panel.ts) and the webview. The panel only forwards: it
 * sends the debug adapter's answers as they are and turns the webview's requests into custom DAP requests.
 */
import type { FrameGraph, NodeBreakpoint, PassGraph, PassSummary, Span } from '../contract/graph';

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
  | { readonly type: 'toggleNodeBreakpoint'; readonly id: string };

const TO_WEBVIEW_TYPES = new Set(['idle', 'graph', 'running', 'passGraphs', 'passGraph', 'nodeBreakpoints', 'error']);

/** Whether data posted to the webview is one of its messages (anything else is ignored). */
export function isToWebview(data: unknown): data is ToWebview {
  return typeof data === 'object' && data !== null && TO_WEBVIEW_TYPES.has((data as { type?: unknown }).type as string);
}

/** Whether data posted by the webview is a well-formed request (the panel checks before forwarding). */
export function isFromWebview(data: unknown): data is FromWebview {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'requestPassGraphs':
      return true;
    case 'selectPass':
      return Number.isInteger(m.index) && (m.index as number) >= 0;
    case 'toggleNodeBreakpoint':
      return typeof m.id === 'string' && m.id.length > 0;
    case 'reveal': {
      const s = m.span as Record<string, unknown> | undefined;
      return typeof s === 'object' && s !== null && typeof s.file === 'string' && Number.isInteger(s.line) && Number.isInteger(s.col)
        && Number.isInteger(s.endLine) && Number.isInteger(s.endCol);
    }
    default:
      return false;
  }
}
