/**
 * The timeline view's host: a webview panel beside the editor that shows the engine timeline of a debug session's
 * program (webview/timeline/). No debugging logic: the engine computes the schedule (`bir/timeline`) and the host
 * forwards. BIR: Show Timeline profiles the active BIR session's program; without one, it starts debugging the .bir
 * file in the editor stopped at its first instruction and profiles that session. The machine is the setting
 * `bir.timeline.machine` or the page's choice. It follows the session's stops (the page marks the stop), takes a
 * click on a bar to the line and, in a stopped session, to that instruction in time (`bir/goto`), and after a save of
 * one of the program's files (or Compare with previous) asks for the program as saved against the schedule shown; the
 * page's quick edits (another engine, a size constant: timeline-edits.ts) are edits of the source and such a save.
 * Columns reach the page as ArrayBuffers, decoded from the adapter's base64.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { TimelineData } from '../contract/timeline';
import { columnsOf, FromTimelineView, isFromTimelineView, MACHINES, TimelineBuffers, ToTimelineView } from '../webview/timeline/messages';
import { arrayBufferOf } from './array-buffer';
import { birRequest } from './bir-requests';
import { fileConfiguration } from './configuration';
import { errorText, PanelHost, SentMessage } from './panel-host';
import { revealSpan } from './reveal-source';
import { changeSizeConstant, moveToEngine } from './timeline-edits';
import type { RunState } from './webview-host';

export const TIMELINE_VIEW_TYPE = 'bir.timeline';
const NO_SESSION = 'Open a .bir file and run BIR: Show Timeline: it starts debugging the file (stopped at its first instruction) and shows where its time would go on the machine.';
/** How long the command waits for the session it starts to stop at its entry. */
const START_WAIT_MS = 60000;
/** The share of the editor area the view takes beside the source: a timeline wants width. */
const PANEL_SHARE = 0.6;

type Machine = (typeof MACHINES)[number];

export function registerTimelinePanel(context: vscode.ExtensionContext): void {
  const host = new TimelinePanelHost(context.extensionUri);
  context.subscriptions.push(
    host,
    vscode.commands.registerCommand('bir.showTimeline', (machine?: string) => host.showCommand(machine)),
    ...host.listeners(),
    vscode.workspace.onDidSaveTextDocument((doc) => host.saved(doc)),
  );
}

class TimelinePanelHost extends PanelHost<ToTimelineView, FromTimelineView> {
  private ready = false;
  /** The session whose timeline the page has, its program's files, and which program it is. */
  private shown?: { session: vscode.DebugSession; files: Set<string>; program: TimelineData['program'] };
  /** Instructions run at each session's last stop. */
  private readonly stops = new Map<string, number>();
  /** Waiting for a session's first stop (the one the command started). */
  private readonly firstStop = new Map<string, () => void>();
  /** Set by the page's choice; the setting otherwise. */
  private machine?: Machine;
  private seq = 0;
  private lastEditorColumn?: vscode.ViewColumn;

  constructor(extensionUri: vscode.Uri) {
    super(extensionUri, { viewType: TIMELINE_VIEW_TYPE, title: 'BIR Timeline', page: { script: 'timeline-view.js', style: 'timeline-view.css' }, share: PANEL_SHARE, isFromPage: isFromTimelineView });
    this.lastEditorColumn = vscode.window.activeTextEditor?.viewColumn;
  }

  override listeners(): vscode.Disposable[] {
    return [...super.listeners(), vscode.window.onDidChangeActiveTextEditor((e) => {
      if (e?.viewColumn !== undefined) this.lastEditorColumn = e.viewColumn;
    })];
  }

  async showCommand(machine: string | undefined): Promise<void> {
    if (machine !== undefined && (MACHINES as readonly string[]).includes(machine)) this.machine = machine as Machine;
    const editor = vscode.window.activeTextEditor;
    this.open();
    const session = this.session() ?? (await this.startSession(editor));
    if (session) await this.load(session, { program: 'session' });
  }

  /** Starts debugging the .bir file of the editor, stopped at its first instruction; undefined when there is none. */
  private async startSession(editor: vscode.TextEditor | undefined): Promise<vscode.DebugSession | undefined> {
    const file = editor?.document.uri.scheme === 'file' && editor.document.fileName.endsWith('.bir') ? editor.document.fileName : undefined;
    if (!file) {
      this.whenReady({ type: 'idle', message: NO_SESSION });
      return undefined;
    }
    this.whenReady({ type: 'busy', text: `starting ${path.basename(file)}…` });
    const started = new Promise<vscode.DebugSession | undefined>((resolve) => {
      const timer = setTimeout(() => done(undefined), START_WAIT_MS);
      const listener = vscode.debug.onDidStartDebugSession((s) => {
        if (s.type === 'bir' && s.configuration.program === file) this.firstStop.set(s.id, () => done(s));
      });
      const done = (s: vscode.DebugSession | undefined): void => {
        clearTimeout(timer);
        listener.dispose();
        resolve(s);
      };
    });
    const folder = vscode.workspace.getWorkspaceFolder(editor!.document.uri);
    if (!(await vscode.debug.startDebugging(folder, { ...fileConfiguration(file, false), stopOnEntry: true }))) {
      this.whenReady({ type: 'error', message: `could not start debugging ${path.basename(file)}` });
      return undefined;
    }
    const session = await started;
    if (!session) this.whenReady({ type: 'error', message: `${path.basename(file)} did not stop at its entry` });
    return session;
  }

  /** What to post once the page is ready (a new panel's page loads after the command posts). */
  private pendingMessage?: ToTimelineView;

  private whenReady(m: ToTimelineView): void {
    if (this.ready) this.post(m);
    else this.pendingMessage = m;
  }

  /** Asks the session for its timeline and gives it to the page. */
  private async load(session: vscode.DebugSession, args: { program: TimelineData['program']; against?: 'previous'; passes?: string[] }): Promise<void> {
    const seq = ++this.seq;
    const machine = this.machine ?? vscode.workspace.getConfiguration('bir.timeline').get<Machine>('machine', 'trn2');
    this.whenReady({ type: 'busy', text: `scheduling on ${machine}…` });
    let d: TimelineData;
    try {
      d = await birRequest(session, 'bir/timeline', { machine, ...args });
    } catch (e) {
      if (seq === this.seq) this.whenReady({ type: 'error', message: errorText(e) });
      return;
    }
    if (seq !== this.seq) return;
    this.shown = { session, files: new Set(d.files), program: d.program };
    const { columns: _columns, sites: _sites, criticalPath: _path, ...header } = d;
    const program = path.basename(String(session.configuration.program ?? d.files[0] ?? 'program'));
    const title = `Timeline of ${program}${d.program === 'saved' ? ' as saved' : ''} on ${d.machine}`;
    this.whenReady({ type: 'timeline', header, buffers: buffersOf(d), title });
    if (this.ready) this.postPosition();
  }

  /** Where the shown session is in time, for the page's mark. */
  private postPosition(): void {
    // The schedule of the program as saved is not the run the session makes: no stop is marked on it.
    const s = this.shown?.program === 'session' ? this.shown.session : undefined;
    const state = s && this.runState.get(s.id);
    if (!s || state === undefined || typeof state === 'object') return this.post({ type: 'position', state: 'none' });
    if (state === 'running') return this.post({ type: 'position', state: 'running' });
    this.post({ type: 'position', state: 'stopped', instructions: this.stops.get(s.id) });
  }

  /** A save of one of the shown program's files: the program as saved against the schedule shown (what-if). */
  saved(doc: vscode.TextDocument): void {
    const shown = this.shown;
    if (!this.panel || !shown || !shown.files.has(doc.fileName) || !this.alive(shown.session)) return;
    void this.load(shown.session, { program: 'saved', against: 'previous' });
  }

  private alive(session: vscode.DebugSession): boolean {
    const state = this.runState.get(session.id);
    return state !== undefined && typeof state !== 'object';
  }

  protected override attached(): void {
    this.ready = false;
  }

  protected override adapterSent(session: vscode.DebugSession, m: SentMessage): void {
    if (m.event === 'bir/stopped' && typeof m.body?.instructions === 'number') this.stops.set(session.id, m.body.instructions);
    if (m.event === 'stopped') {
      const first = this.firstStop.get(session.id);
      this.firstStop.delete(session.id);
      first?.();
    }
  }

  protected override runStateChanged(_state: RunState): void {
    if (this.ready && this.shown) this.postPosition();
  }

  protected override selectionChanged(): void {}

  protected override sessionEnded(session: vscode.DebugSession): void {
    this.stops.delete(session.id);
    this.firstStop.delete(session.id);
    if (this.ready && this.shown?.session.id === session.id) this.post({ type: 'position', state: 'none' });
  }

  protected override async received(m: FromTimelineView): Promise<void> {
    switch (m.type) {
      case 'ready':
        this.ready = true;
        if (this.pendingMessage) this.post(this.pendingMessage);
        else if (!this.shown) this.post({ type: 'idle', message: NO_SESSION });
        this.pendingMessage = undefined;
        if (this.shown) this.postPosition();
        return;
      case 'reveal':
        return this.reveal(m.file, m.line, m.col, m.instructions);
      case 'machine':
        this.machine = m.machine;
        return this.again({ program: this.shown?.program ?? 'session' });
      case 'compare':
        return this.again({ program: 'saved', against: 'previous' });
      case 'pass':
        return this.again({ program: this.shown?.program ?? 'session', against: 'previous', passes: [m.pass] });
      case 'moveEngine':
        return this.quickEdit(m.file, m.line, m.col, () => moveToEngine(m.file, m.line, m.col, m.attribute));
      case 'sizeConstant':
        return this.quickEdit(m.file, m.line, m.col, () => changeSizeConstant(m.file, m.line, m.col));
    }
  }

  /**
   * A quick edit of one of the shown program's files, beside its line in the editor (where it can be undone); its
   * save brings the what-if (saved()). The reason it made no edit goes to the page.
   */
  private async quickEdit(file: string, line: number, col: number, edit: () => Promise<string | undefined>): Promise<void> {
    const shown = this.shown;
    if (!shown || !shown.files.has(file)) return;
    if (!this.alive(shown.session)) {
      this.post({ type: 'error', message: 'The session of this timeline has ended: run BIR: Show Timeline again.' });
      return;
    }
    try {
      await revealSpan({ file, line, col, endLine: line, endCol: col }, this.panel?.viewColumn, this.lastEditorColumn);
      const refused = await edit();
      if (refused) this.post({ type: 'error', message: refused });
    } catch (e) {
      this.post({ type: 'error', message: `cannot edit ${path.basename(file)}: ${errorText(e)}` });
    }
  }

  /** The shown session asked again; after it ended, a new one is the command's. */
  private async again(args: { program: TimelineData['program']; against?: 'previous'; passes?: string[] }): Promise<void> {
    const session = this.shown?.session;
    if (!session || !this.alive(session)) {
      this.post({ type: 'error', message: 'The session of this timeline has ended: run BIR: Show Timeline again.' });
      return;
    }
    await this.load(session, args);
  }

  /** The instruction's line in the editor; in its session, stopped, the run goes to that instruction (time travel). */
  private async reveal(file: string, line: number, col: number, instructions: number): Promise<void> {
    const shown = this.shown;
    if (!shown || !shown.files.has(file)) return;
    try {
      await revealSpan({ file, line, col, endLine: line, endCol: col }, this.panel?.viewColumn, this.lastEditorColumn);
    } catch (e) {
      this.post({ type: 'error', message: `cannot open ${file}: ${errorText(e)}` });
      return;
    }
    // A schedule of the program as saved is not the one the session runs: its counts are not the session's.
    if (shown.program !== 'session' || this.runState.get(shown.session.id) !== 'stopped') return;
    try {
      await birRequest(shown.session, 'bir/goto', { instructions });
    } catch (e) {
      this.post({ type: 'error', message: errorText(e) });
    }
  }
}

/** The answer's columns as ArrayBuffers of their own (postMessage sends ArrayBuffers as bytes, not as JSON). */
function buffersOf(d: TimelineData): TimelineBuffers {
  return Object.fromEntries(Object.entries(columnsOf(d)).map(([k, c]) => [k, arrayBufferOf(c.base64)])) as unknown as TimelineBuffers;
}

