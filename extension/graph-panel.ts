/**
 * The graph view's host: a webview panel beside the editor that shows the dataflow graph of the selected frame.
 * No debugging logic: it forwards. It follows the selected stack frame and every stop (a debug adapter tracker
 * of BIR sessions), asks the session for `bir/graph` and posts the answer to the webview; the webview's requests
 * become `bir/passGraphs`, `bir/passGraph` and "open the source here".
 *
 * A node breakpoint is a breakpoint of VS Code's: the source breakpoint at the node's line and column (VS Code's API
 * adds no instruction breakpoints), which the adapter binds to the instructions starting there. So the Breakpoints
 * view and the gutter list, enable, disable and remove them like any other, and the graph marks the nodes the
 * adapter says breakpoints bind one by one (`bir/nodeBreakpoints`: these and the Disassembly view's instruction
 * breakpoints), after every change of breakpoints and at every stop.
 */
import * as vscode from 'vscode';
import { sideColumn } from './side-group';
import { FromWebview, isFromWebview, PostedToWebview } from '../webview/graph/messages';
import type { FrameGraph, GraphNode, PassGraph, Span } from '../contract/graph';
import { birRequest } from './bir-requests';
import { errorText, PanelHost, SentMessage } from './panel-host';
import { revealSpan } from './reveal-source';
import type { RunState } from './webview-host';

export const GRAPH_VIEW_TYPE = 'bir.graph';
const NO_SESSION = 'Start debugging a .bir file (F5) to see its graph.';
const RUNNING = 'The program is running: its graph shows when it stops (a breakpoint, a step or Pause).';
/** The share of the editor area the view takes when it opens beside the source (two groups side by side). */
const PANEL_SHARE = 0.56;
/** Responses after which the nodes breakpoints bind may have changed. */
import { SETS_BREAKPOINTS } from '../adapter/followed-requests';

export function registerGraphPanel(context: vscode.ExtensionContext): void {
  const host = new GraphPanelHost(context.extensionUri);
  context.subscriptions.push(
    host,
    vscode.commands.registerCommand('bir.showGraphView', () => host.open()),
    ...host.listeners(),
  );
}

class GraphPanelHost extends PanelHost<PostedToWebview, FromWebview> {
  /** Where each node the page was sent is in the source: a node breakpoint is a breakpoint there. */
  private readonly nodeSpans = new Map<string, Span>();
  /** The session whose graph the webview has, and the function it shows. */
  private shown?: { session: string; function?: string };
  private lastEnded?: string;
  private lastEditorColumn?: vscode.ViewColumn;
  /** The source files of the graphs sent to the page: the only files it may ask to open. */
  private readonly files = new Set<string>();
  /** Per session: the ids the page asked to open in graphs answered in parts (regions, nodes to reveal). */
  private readonly expansions = new Map<string, Set<string>>();
  /** `session|function` of the graphs answered in parts (more than 10,000 nodes). */
  private readonly partial = new Set<string>();
  /** Per session: the node of the last stop (bir/stopped), revealed in a graph in parts. */
  private readonly stopNode = new Map<string, string>();
  private seq = 0;

  constructor(extensionUri: vscode.Uri) {
    super(extensionUri, { viewType: GRAPH_VIEW_TYPE, title: 'BIR Graph', page: { script: 'webview.js', style: 'webview.css', workers: true }, share: PANEL_SHARE, isFromPage: isFromWebview });
    this.lastEditorColumn = vscode.window.activeTextEditor?.viewColumn;
  }

  /** What the host listens to: the base's, and the editor the source is in (the panel opens beside it). */
  override listeners(): vscode.Disposable[] {
    return [...super.listeners(), vscode.window.onDidChangeActiveTextEditor((e) => this.editorActive(e))];
  }

  /** In the side group the panels share, beside the source last active (the graph view may have the focus). */
  protected override column(): vscode.ViewColumn {
    return sideColumn(vscode.window.activeTextEditor?.viewColumn ?? this.lastEditorColumn ?? vscode.ViewColumn.One);
  }

  protected override attached(): void {
    this.shown = undefined;
  }

  protected override adapterSent(session: vscode.DebugSession, m: SentMessage): void {
    if (m.type === 'response' && m.success && m.command && SETS_BREAKPOINTS.has(m.command)) void this.markNodeBreakpoints(session);
    if (m.type !== 'event') return;
    if (m.event === 'bir/stopped' && typeof m.body?.node?.id === 'string') this.stopNode.set(session.id, m.body.node.id);
    if (m.event === 'stopped') void this.markNodeBreakpoints(session);
    else if (m.event === 'invalidated' && this.runState.get(session.id) === 'stopped') void this.refresh();
  }

  protected override runStateChanged(state: RunState): void {
    if (typeof state === 'object') this.lastEnded = state.ended;
    void this.refresh();
  }

  protected override selectionChanged(): void {
    void this.refresh();
  }

  protected override sessionEnded(session: vscode.DebugSession, state: RunState | undefined): void {
    if (typeof state === 'object') this.lastEnded = state.ended;
    this.expansions.delete(session.id);
    this.stopNode.delete(session.id);
    for (const k of [...this.partial]) if (k.startsWith(`${session.id}|`)) this.partial.delete(k);
    void this.refresh();
  }

  private editorActive(editor: vscode.TextEditor | undefined): void {
    if (editor?.viewColumn !== undefined) this.lastEditorColumn = editor.viewColumn;
  }

  /** Shows the active BIR session's graph of the selected frame (or what to do when there is none). */
  async refresh(): Promise<void> {
    if (!this.panel) return;
    const seq = ++this.seq;
    const session = this.session();
    if (!session) {
      this.shown = undefined;
      this.post({ type: 'idle', message: this.lastEnded ? `${this.lastEnded} ${NO_SESSION}` : NO_SESSION });
      return;
    }
    const state = this.runState.get(session.id);
    if (typeof state === 'object') {
      this.shown = undefined;
      this.post({ type: 'idle', message: `${state.ended} ${NO_SESSION}` });
      return;
    }
    if (state !== 'stopped') {
      if (this.shown?.session === session.id) this.post({ type: 'running', session: session.id });
      else this.post({ type: 'idle', message: RUNNING });
      return;
    }
    const frameId = this.selectedFrame(session);
    let graph: FrameGraph;
    try {
      graph = await this.frameGraph(session, frameId);
    } catch (e) {
      if (seq !== this.seq) return;
      if (frameId === undefined) return this.post({ type: 'error', message: errorText(e) });
      // The selected frame is of an earlier stop (its id is void): the stopped thread's top frame.
      try {
        graph = await this.frameGraph(session, undefined);
      } catch (e2) {
        if (seq === this.seq) this.post({ type: 'error', message: errorText(e2) });
        return;
      }
    }
    if (seq !== this.seq) return;
    this.shown = { session: session.id, function: graph.function };
    this.noteFiles(graph.nodes, 'removedNodes' in graph ? graph.removedNodes : []);
    this.post({ type: 'graph', session: session.id, json: JSON.stringify(graph) });
  }

  /** What to open in a graph answered in parts: what the page asked for, and the node of the last stop. */
  private expandIds(session: vscode.DebugSession, withStop: boolean): string[] {
    const ids = [...(this.expansions.get(session.id) ?? [])];
    const stop = this.stopNode.get(session.id);
    if (withStop && stop !== undefined) ids.push(stop);
    return ids;
  }

  private static isPartial(g: FrameGraph): boolean {
    return g.total !== undefined && g.nodes.length < g.total;
  }

  /**
   * `bir/graph` of a frame. A graph answered in parts is asked for again with what the page opened and the stop's node
   * (its regions open, so the current node is in it); the functions known to come in parts are asked that way at once.
   */
  private async frameGraph(session: vscode.DebugSession, frameId: number | undefined, find?: string): Promise<FrameGraph> {
    const base = { ...(frameId !== undefined ? { frameId } : {}), ...(find !== undefined ? { find } : {}) };
    const ids = this.expandIds(session, true);
    const shownFn = this.shown?.session === session.id ? this.shown.function : undefined;
    if (ids.length > 0 && shownFn !== undefined && this.partial.has(`${session.id}|${shownFn}`)) {
      const g = await birRequest(session, 'bir/graph', { ...base, expand: ids });
      if (g.function === shownFn) return g;
    }
    const g = await birRequest(session, 'bir/graph', base);
    if (!GraphPanelHost.isPartial(g)) return g;
    this.partial.add(`${session.id}|${g.function}`);
    return ids.length > 0 ? birRequest(session, 'bir/graph', { ...base, expand: ids }) : g;
  }

  /** `bir/passGraph` of a snapshot, with what the page opened when the function comes in parts. */
  private async snapshotGraph(session: vscode.DebugSession, index: number, fn: string | undefined, find?: string): Promise<PassGraph> {
    const base = { index, ...(fn ? { function: fn } : {}), ...(find !== undefined ? { find } : {}) };
    const ids = this.expandIds(session, false);
    if (ids.length > 0 && fn !== undefined && this.partial.has(`${session.id}|${fn}`)) return birRequest(session, 'bir/passGraph', { ...base, expand: ids });
    const g = await birRequest(session, 'bir/passGraph', base);
    if (!GraphPanelHost.isPartial(g)) return g;
    this.partial.add(`${session.id}|${g.function}`);
    return ids.length > 0 ? birRequest(session, 'bir/passGraph', { ...base, expand: ids }) : g;
  }

  /** The function on screen, in snapshot `index`; main when the snapshot has no such function (inlined away). */
  private async passGraphOf(session: vscode.DebugSession, index: number, find?: string): Promise<PassGraph> {
    const fn = this.shown?.session === session.id ? this.shown.function : undefined;
    try {
      return await this.snapshotGraph(session, index, fn, find);
    } catch (e) {
      if (!fn) throw e;
      return this.snapshotGraph(session, index, undefined, find);
    }
  }

  protected override async received(m: FromWebview): Promise<void> {
    if (m.type === 'ready') return this.refresh();
    if (m.type === 'reveal') return this.reveal(m.span);
    const session = this.session();
    if (!session) return this.post({ type: 'idle', message: NO_SESSION });
    try {
      switch (m.type) {
        case 'requestPassGraphs': {
          const r = await birRequest(session, 'bir/passGraphs', {});
          this.post({ type: 'passGraphs', session: session.id, graphs: r.graphs });
          return;
        }
        case 'selectPass': {
          const g = await this.passGraphOf(session, m.index);
          this.noteFiles(g.nodes, g.removedNodes);
          this.post({ type: 'passGraph', session: session.id, json: JSON.stringify(g) });
          return;
        }
        case 'expand': {
          const set = this.expansions.get(session.id) ?? new Set<string>();
          this.expansions.set(session.id, set);
          for (const id of m.ids) set.add(id);
          if (m.selection === 'running') return this.refresh();
          const g = await this.passGraphOf(session, m.selection);
          this.noteFiles(g.nodes, g.removedNodes);
          this.post({ type: 'passGraph', session: session.id, json: JSON.stringify(g) });
          return;
        }
        case 'find': {
          const g = m.selection === 'running' ? await this.frameGraph(session, this.selectedFrame(session), m.query) : await this.passGraphOf(session, m.selection, m.query);
          this.post({ type: 'found', session: session.id, selection: m.selection, query: m.query, ids: g.found?.ids ?? [], total: g.found?.total ?? 0 });
          return;
        }
        case 'toggleNodeBreakpoint':
          return this.toggleNodeBreakpoint(m.id);
        case 'showTensor':
          await vscode.commands.executeCommand('bir.showTensor', { expression: m.expression });
          return;
      }
    } catch (e) {
      this.post({ type: 'error', message: errorText(e) });
    }
  }

  private noteFiles(...lists: readonly (readonly GraphNode[])[]): void {
    for (const list of lists) {
      for (const n of list) {
        this.files.add(n.span.file);
        this.nodeSpans.set(n.id, n.span);
      }
    }
  }

  /** Adds VS Code's breakpoint at the node's place in the source, or removes the one there. */
  private toggleNodeBreakpoint(id: string): void {
    const span = this.nodeSpans.get(id);
    if (!span) throw new Error(`node ${id} is not in a graph the view was sent`);
    const uri = vscode.Uri.file(span.file);
    const here = vscode.debug.breakpoints.filter((b): b is vscode.SourceBreakpoint => b instanceof vscode.SourceBreakpoint
      && b.location.uri.toString() === uri.toString() && b.location.range.start.line === span.line - 1 && b.location.range.start.character === span.col - 1);
    if (here.length) vscode.debug.removeBreakpoints(here);
    else vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(uri, new vscode.Position(span.line - 1, span.col - 1)))]);
    // The marks follow the adapter's answer to the breakpoints VS Code sends now (see the tracker).
  }

  /** Marks in the graph the nodes that breakpoints bind one by one. */
  private async markNodeBreakpoints(session: vscode.DebugSession): Promise<void> {
    if (!this.panel) return;
    try {
      const r = await birRequest(session, 'bir/nodeBreakpoints', {});
      this.post({ type: 'nodeBreakpoints', session: session.id, nodes: r.nodes, breakpoints: r.breakpoints });
    } catch {
      // A session between runs or without debugging has no breakpoints to mark.
    }
  }

  /** Opens the node's source in the editor column (never the panel's) with the node's text selected. */
  private async reveal(span: Span): Promise<void> {
    if (!this.files.has(span.file)) return;
    try {
      await revealSpan(span, this.panel?.viewColumn, this.lastEditorColumn);
    } catch (e) {
      this.post({ type: 'error', message: `cannot open ${span.file}: ${errorText(e)}` });
    }
  }
}
