/**
 * The base of the two panel hosts (graph-panel.ts, tensor-panel.ts): one panel at a time, opened beside the source or
 * restored after a reload and given its page (webview-host.ts); the page's well-formed messages passed on; the
 * active BIR session and the frame selected in the Call Stack; each session's run state, followed through a debug
 * adapter tracker; and the frames the adapter said do not exist (missing-frames.ts). A host adds what its view shows
 * and serves its page's requests.
 */
import * as vscode from 'vscode';
import { sideColumn } from './side-group';
import { FrameMessage, MissingFrames } from './missing-frames';
import { attachPage, PageFiles, panelOptions, ResumeTracker, RunState, widenBeside } from './webview-host';

/** What a host's panel is. */
export interface PanelKind<FromPage> {
  readonly viewType: string;
  /** The panel's title, and its page's. */
  readonly title: string;
  readonly page: Omit<PageFiles, 'title'>;
  /** The share of the editor area the panel takes when it opens beside the source (two groups side by side). */
  readonly share: number;
  /** Whether a message of the page is one of its requests (anything else is ignored). */
  readonly isFromPage: (message: unknown) => message is FromPage;
}

/** A message of a session's adapter, with what the hosts read of it. */
export interface SentMessage extends FrameMessage {
  readonly event?: string;
  readonly body?: FrameMessage['body'] & { readonly exitCode?: number; readonly instructions?: number; readonly node?: { readonly id?: unknown } };
}

export abstract class PanelHost<ToPage, FromPage> implements vscode.Disposable {
  protected panel: vscode.WebviewPanel | undefined;
  protected readonly runState = new Map<string, RunState>();
  private readonly missingFrames = new Map<string, MissingFrames>();

  constructor(protected readonly extensionUri: vscode.Uri, private readonly kind: PanelKind<FromPage>) {}

  /** What the host listens to: the panel restored after a reload, the sessions' messages, the selection, their end. */
  listeners(): vscode.Disposable[] {
    return [
      vscode.window.registerWebviewPanelSerializer(this.kind.viewType, {
        deserializeWebviewPanel: async (panel) => this.attach(panel),
      }),
      vscode.debug.registerDebugAdapterTrackerFactory('bir', { createDebugAdapterTracker: (session) => this.tracker(session) }),
      vscode.debug.onDidChangeActiveStackItem(() => this.selectionChanged()),
      vscode.debug.onDidChangeActiveDebugSession(() => this.selectionChanged()),
      vscode.debug.onDidTerminateDebugSession((s) => this.ended(s)),
    ];
  }

  /** Shows the panel: the one there is, or a new one beside the source. */
  open(): void {
    if (this.panel) {
      this.panel.reveal(undefined, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(this.kind.viewType, this.kind.title, { viewColumn: this.column(), preserveFocus: true }, panelOptions(this.extensionUri));
    this.attach(panel);
    void widenBeside(panel, this.kind.share);
  }

  /** Takes a panel (new, or restored after a reload) and gives it the page. */
  attach(panel: vscode.WebviewPanel): void {
    this.panel?.dispose();
    this.panel = panel;
    this.attached();
    attachPage(panel, this.extensionUri, { ...this.kind.page, title: this.kind.title }, (m) => {
      if (this.kind.isFromPage(m)) void this.received(m);
    }, () => {
      if (this.panel === panel) this.panel = undefined;
    });
  }

  dispose(): void {
    this.panel?.dispose();
  }

  /** The column a new panel opens in: the side group the panels share (side-group.ts). */
  protected column(): vscode.ViewColumn {
    return sideColumn(vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One);
  }

  /** A panel was given the page: what the host knew of the page before is void. */
  protected attached(): void {}

  protected abstract received(message: FromPage): Promise<void>;

  /** The selected frame or the active session changed. */
  protected abstract selectionChanged(): void;

  /** A session's run state changed (a run that goes on running is no change). */
  protected abstract runStateChanged(state: RunState): void;

  /** A message of a session's adapter, after the run state followed it. */
  protected adapterSent(_session: vscode.DebugSession, _message: SentMessage): void {}

  /** A BIR session ended; `state`: its last run state. */
  protected abstract sessionEnded(session: vscode.DebugSession, state: RunState | undefined): void;

  /**
   * Follows a session: a resuming request marks it running at once and a refusal of it puts the state back
   * (ResumeTracker); stops, continues and the exit come as events.
   */
  private tracker(session: vscode.DebugSession): vscode.DebugAdapterTracker {
    const resumes = new ResumeTracker(() => this.runState.get(session.id), (state) => this.setRunState(session, state));
    const frames = new MissingFrames();
    this.missingFrames.set(session.id, frames);
    return {
      onWillReceiveMessage: (m: FrameMessage) => {
        resumes.request(m);
        frames.request(m);
      },
      onDidSendMessage: (m: SentMessage) => {
        resumes.response(m);
        frames.response(m);
        if (m.event === 'stopped') this.setRunState(session, 'stopped');
        else if (m.event === 'continued') this.setRunState(session, 'running');
        else if (m.event === 'exited') this.setRunState(session, { ended: `The program ended with exit code ${m.body?.exitCode ?? '?'}.` });
        this.adapterSent(session, m);
      },
    };
  }

  private setRunState(session: vscode.DebugSession, state: RunState): void {
    const before = this.runState.get(session.id);
    this.runState.set(session.id, state);
    if (state === 'running' && before === 'running') return;
    this.runStateChanged(state);
  }

  private ended(session: vscode.DebugSession): void {
    if (session.type !== 'bir') return;
    const state = this.runState.get(session.id);
    this.runState.delete(session.id);
    this.missingFrames.delete(session.id);
    this.sessionEnded(session, state);
  }

  /** The active debug session, if it is a BIR one. */
  protected session(): vscode.DebugSession | undefined {
    const s = vscode.debug.activeDebugSession;
    return s?.type === 'bir' ? s : undefined;
  }

  /** The frame selected in the Call Stack, if it is of this session. */
  protected selectedFrame(session: vscode.DebugSession): number | undefined {
    const item = vscode.debug.activeStackItem;
    return item instanceof vscode.DebugStackFrame && item.session.id === session.id ? item.frameId : undefined;
  }

  /** Whether the adapter said the frame does not exist (of an earlier stop: frame ids are void once a program resumes). */
  protected frameMissing(session: vscode.DebugSession, frameId: number): boolean {
    return this.missingFrames.get(session.id)?.has(frameId) ?? false;
  }

  protected post(message: ToPage): void {
    void this.panel?.webview.postMessage(message);
  }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
