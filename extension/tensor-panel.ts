/**
 * The tensor view's host: a webview panel beside the editor that shows an expression's value at the selected frame
 * (webview/tensor/). No debugging logic: it forwards. It opens from the command BIR: Show Tensor (the palette, the
 * Variables view's menu on a tensor, a partition row or a slice, a link in the hover of an access pattern) and from
 * the Debug Console's `:show EXPR` (the adapter's `bir/showTensor` event). It follows stops and the frame selected in
 * the Call Stack, and remembers each session's previous stop so that the page can outline what the last step wrote.
 * The page's requests become `bir/tensor`, `bir/tensorDivergence` and `bir/memoryMap`; values reach the page as
 * ArrayBuffers, decoded from the adapter's base64.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { Binary, TensorData } from '../contract/tensor';
import { FromTensorView, isFromTensorView, TensorBuffers, TensorHeader, TensorRequest, ToTensorView } from '../webview/tensor/messages';
import { arrayBufferOf } from './array-buffer';
import { birEventBody, birRequest } from './bir-requests';
import { errorText, PanelHost, SentMessage } from './panel-host';
import { evaluatableExpression } from './providers';

export const TENSOR_VIEW_TYPE = 'bir.tensor';
const NO_SESSION = 'Start debugging a .bir file (F5) and stop: then show a tensor from the Variables view\'s menu, with :show EXPR in the Debug Console, or type an expression above.';

/** What VS Code passes to a command of the Variables view's context menu. */
interface VariableContext {
  readonly variable?: { readonly name?: string; readonly evaluateName?: string };
}

/** The arguments of bir.showTensor: an expression (from a hover's link or another command), or a variable. */
type ShowArgument = string | { readonly expression?: string } | VariableContext | undefined;

export function registerTensorPanel(context: vscode.ExtensionContext): void {
  const host = new TensorPanelHost(context.extensionUri);
  context.subscriptions.push(
    host,
    vscode.commands.registerCommand('bir.showTensor', (arg?: ShowArgument) => host.showCommand(arg)),
    ...host.listeners(),
    vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
      const shown = e.session.type === 'bir' ? birEventBody(e, 'bir/showTensor') : undefined;
      if (shown) host.show(shown.expression);
    }),
    vscode.languages.registerHoverProvider({ language: 'bir' }, { provideHover: (doc, position) => tensorLink(doc, position) }),
  );
}

class TensorPanelHost extends PanelHost<ToTensorView, FromTensorView> {
  /** Instructions run at each session's last two stops: the page's "changed since the last stop". */
  private readonly stops = new Map<string, { last?: number; previous?: number }>();
  /** The expression to show once the page is ready. */
  private pending?: string;
  private ready = false;

  constructor(extensionUri: vscode.Uri) {
    super(extensionUri, { viewType: TENSOR_VIEW_TYPE, title: 'BIR Tensor', page: { script: 'tensor-view.js', style: 'tensor-view.css' }, share: PANEL_SHARE, isFromPage: isFromTensorView });
  }

  async showCommand(arg: ShowArgument): Promise<void> {
    const expression = typeof arg === 'string' ? arg : arg && 'expression' in arg ? arg.expression : arg && 'variable' in arg ? arg.variable?.evaluateName : await this.askExpression();
    if (arg && typeof arg === 'object' && 'variable' in arg && !expression) {
      void vscode.window.showWarningMessage(`BIR: '${arg.variable?.name ?? 'this variable'}' has no expression in the selected frame: select the frame that owns it in the Call Stack.`);
      return;
    }
    if (expression !== undefined) this.show(expression);
  }

  /** The palette's command: an expression typed, suggested from the editor's selection. */
  private async askExpression(): Promise<string | undefined> {
    const editor = vscode.window.activeTextEditor;
    const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
    const text = await vscode.window.showInputBox({ title: 'BIR: Show Tensor', prompt: 'A tensor, an access pattern or a tensor expression, evaluated in the selected frame', value: selected ?? '' });
    return text?.trim() || undefined;
  }

  show(expression: string): void {
    this.open();
    if (this.ready) this.post({ type: 'show', expression });
    else this.pending = expression;
  }

  protected override attached(): void {
    this.ready = false;
  }

  protected override adapterSent(session: vscode.DebugSession, m: SentMessage): void {
    if (m.event === 'bir/stopped') this.stopAt(session, m.body?.instructions);
  }

  private stopAt(session: vscode.DebugSession, instructions: number | undefined): void {
    const s = this.stops.get(session.id) ?? {};
    this.stops.set(session.id, { previous: s.last, last: instructions });
  }

  protected override runStateChanged(): void {
    this.notify();
  }

  protected override sessionEnded(session: vscode.DebugSession): void {
    this.stops.delete(session.id);
    this.notify();
  }

  protected override selectionChanged(): void {
    this.notify();
  }

  /** Tells the page what the active session is doing; at a stop, it asks again. */
  private notify(): void {
    if (!this.panel || !this.ready) return;
    const session = this.session();
    const state = session && this.runState.get(session.id);
    if (!session || typeof state === 'object') this.post({ type: 'idle', message: typeof state === 'object' ? `${state.ended} ${NO_SESSION}` : NO_SESSION });
    else if (state === 'stopped') this.post({ type: 'stopped', ...this.stops.get(session.id) });
    else this.post({ type: 'running' });
  }

  /**
   * A request in the selected frame; when that frame is of an earlier stop (the adapter answered that it does not
   * exist), in the stopped thread's top frame.
   */
  private async inFrame<T>(session: vscode.DebugSession, ask: (frameId: number | undefined) => Thenable<T>): Promise<T> {
    const frameId = this.selectedFrame(session);
    try {
      return await ask(frameId);
    } catch (e) {
      if (frameId === undefined || !this.frameMissing(session, frameId)) throw e;
      return ask(undefined);
    }
  }

  protected override async received(m: FromTensorView): Promise<void> {
    if (m.type === 'ready') {
      this.ready = true;
      if (this.pending !== undefined) this.post({ type: 'show', expression: this.pending });
      this.pending = undefined;
      this.notify();
      return;
    }
    if (m.type === 'copy') {
      await vscode.env.clipboard.writeText(m.text);
      this.post({ type: 'note', text: `copied ${m.text.length > 60 ? `${m.text.slice(0, 57)}…` : m.text}` });
      return;
    }
    if (m.type === 'pickReference') return this.pickReference();
    const session = this.session();
    if (!session || this.runState.get(session.id) !== 'stopped') {
      this.post({ type: 'idle', message: session ? 'The program is running: its tensors show when it stops.' : NO_SESSION });
      return;
    }
    try {
      if (m.type === 'tensor') return await this.tensor(session, m.request);
      if (m.type === 'divergence') {
        const divergence = await this.inFrame(session, (frameId) => birRequest(session, 'bir/tensorDivergence', { expression: m.expression, frameId, slice: [...m.slice], compare: m.compare, from: m.from }));
        this.post({ type: 'divergence', divergence });
        return;
      }
      if (m.type === 'memoryMap') {
        const map = await this.inFrame(session, (frameId) => birRequest(session, 'bir/memoryMap', { frameId, expression: m.expression }));
        this.post({ type: 'memoryMap', map });
      }
    } catch (e) {
      this.post({ type: 'error', message: errorText(e), seq: m.type === 'tensor' ? m.request.seq : undefined });
    }
  }

  private async tensor(session: vscode.DebugSession, r: TensorRequest): Promise<void> {
    const stops = this.stops.get(session.id);
    const answer = await this.inFrame(session, (frameId) => birRequest(session, 'bir/tensor', {
      expression: r.expression, frameId, slice: [...r.slice], window: r.window, maxCells: r.maxCells,
      statistics: r.purpose === 'region',
      // Changed since the previous stop; at the first stop, since the program started.
      changedSince: r.changed && r.purpose !== 'copy' ? stops?.previous ?? 0 : undefined,
      compare: r.purpose === 'copy' ? undefined : r.compare,
      shadowError: r.purpose === 'copy' ? undefined : r.error || undefined,
    }));
    const { header, buffers } = split(answer);
    this.post({ type: 'tensor', seq: r.seq, purpose: r.purpose, header, buffers });
  }

  private async pickReference(): Promise<void> {
    const session = this.session();
    const program = session?.configuration.program as string | undefined;
    const chosen = await vscode.window.showOpenDialog({
      title: 'BIR: A reference to compare with (.npy)', canSelectMany: false, filters: { 'NumPy arrays': ['npy'] },
      defaultUri: program ? vscode.Uri.file(path.dirname(program)) : undefined,
    });
    if (chosen?.[0]) this.post({ type: 'reference', file: chosen[0].fsPath });
  }
}

/** The share of the editor area the view takes beside the source: a heatmap wants width. */
const PANEL_SHARE = 0.55;

/** An answer as the page takes it: its binary fields as ArrayBuffers beside the rest. */
function split(d: TensorData): { header: TensorHeader; buffers: TensorBuffers } {
  const { values, low, flags, compare, shadowError, ...rest } = d;
  const error = shadowError && 'values' in shadowError ? shadowError : undefined;
  const header: TensorHeader = {
    ...rest, compare: compare && (({ values: _v, metricValues: _m, ...c }) => c)(compare),
    shadowError: shadowError && (error ? { maxUlp: error.maxUlp, shadowed: error.shadowed } : shadowError),
  };
  const buffers: TensorBuffers = {
    values: bytes(values), valuesType: values.type === 'f64' ? 'f64' : 'f32', low: low && bytes(low), flags: flags && bytes(flags),
    reference: compare && bytes(compare.values), referenceType: compare?.values.type === 'f64' ? 'f64' : 'f32', metric: compare && bytes(compare.metricValues),
    error: error && bytes(error.values),
  };
  return { header, buffers };
}

/** A binary field of an answer as an ArrayBuffer. */
function bytes(b: Binary): ArrayBuffer {
  return arrayBufferOf(b.base64);
}

/**
 * The hover's link: over an access pattern while a BIR session is stopped, "Show in Tensor View", in the one hover
 * with the declaration and the value (hover-value.ts).
 */
function tensorLink(doc: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
  const session = vscode.debug.activeDebugSession;
  if (session?.type !== 'bir' || !vscode.debug.activeStackItem) return undefined;
  const found = evaluatableExpression(doc, position);
  if (!found) return undefined;
  const expression = found.expression ?? doc.getText(found.range);
  const args = encodeURIComponent(JSON.stringify([{ expression }]));
  const md = new vscode.MarkdownString(`[$(graph) Show \`${expression.replace(/`/g, '')}\` in the Tensor View](command:bir.showTensor?${args})`, true);
  md.isTrusted = { enabledCommands: ['bir.showTensor'] };
  return new vscode.Hover(md, found.range);
}
