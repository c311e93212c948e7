/**
 * What the hosts of the two webview panels (the graph view, the tensor view) share: the page a panel gets (its
 * Content-Security-Policy with a nonce, its script and style from dist/), the wiring of a panel's messages and its
 * end, the width a panel takes beside the source, and the requests after which a session runs.
 */
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { RESUMING } from '../adapter/followed-requests';

/** A session as a view follows it, from the adapter's messages. */
export type RunState = 'running' | 'stopped' | { ended: string };

/** The messages of a session's adapter a view reads to know whether the program runs. */
export interface AdapterMessage {
  readonly type?: string;
  readonly seq?: number;
  readonly command?: string;
  readonly request_seq?: number;
  readonly success?: boolean;
}

/**
 * A session's run state as a view follows it: a resuming request marks it running at once (the view stops asking
 * the session), and a refusal of that request (a step in a dump, a step back with no history) puts back the state it
 * had, since no stop will come to end the run that never began.
 */
export class ResumeTracker {
  private readonly pending = new Map<number, RunState | undefined>();

  constructor(
    private readonly state: () => RunState | undefined,
    private readonly setState: (state: RunState) => void,
  ) {}

  request(m: AdapterMessage): void {
    if (m.type !== 'request' || !m.command || !RESUMING.has(m.command) || m.seq === undefined) return;
    this.pending.set(m.seq, this.state());
    this.setState('running');
  }

  response(m: AdapterMessage): void {
    if (m.type !== 'response' || m.request_seq === undefined || !this.pending.has(m.request_seq)) return;
    const before = this.pending.get(m.request_seq);
    this.pending.delete(m.request_seq);
    if (!m.success && before !== undefined && this.state() === 'running') this.setState(before);
  }
}

/** A page of dist/: its script, its style, its title; `workers` lets it start workers from blobs (layouts). */
export interface PageFiles {
  readonly script: string;
  readonly style: string;
  readonly title: string;
  readonly workers?: boolean;
}

export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

/**
 * Gives a panel (new, or restored after a reload) its page and passes the page's messages on; `closed` is told when
 * the panel is disposed, after which nothing of it is listened to.
 */
export function attachPage(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, page: PageFiles, receive: (message: unknown) => void, closed: () => void): void {
  panel.webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
  panel.webview.html = pageHtml(panel.webview, extensionUri, page);
  const subscriptions = [
    panel.webview.onDidReceiveMessage(receive),
    panel.onDidDispose(() => {
      closed();
      for (const d of subscriptions) d.dispose();
    }),
  ];
}

/** Nothing runs in the page but its own script (a nonce), and text reaches it only as data. */
function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: PageFiles): string {
  const nonce = randomBytes(18).toString('base64');
  const dist = vscode.Uri.joinPath(extensionUri, 'dist');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(dist, page.script));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(dist, page.style));
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    ...(page.workers ? [`worker-src ${webview.cspSource} blob:`] : []),
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${style.toString()}">
<title>${page.title}</title>
</head>
<body>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

/**
 * With the source and the view side by side in two groups, the view gets `share` of the width (a graph's labels, a
 * heatmap want it); a layout of another shape, or a view that has that much already, is left as it is.
 */
export async function widenBeside(panel: vscode.WebviewPanel, share: number): Promise<void> {
  type Layout = { orientation: number; groups: { size?: number; groups?: unknown[] }[] };
  try {
    const layout = await vscode.commands.executeCommand<Layout | undefined>('vscode.getEditorLayout');
    const at = (panel.viewColumn ?? 0) - 1;
    if (!layout || layout.orientation !== 0 || layout.groups.length !== 2 || layout.groups.some((g) => g.groups) || (at !== 0 && at !== 1)) return;
    const total = (layout.groups[0].size ?? 1) + (layout.groups[1].size ?? 1);
    if ((layout.groups[at].size ?? 1) / total >= share - 0.01) return;
    const sizes = at === 1 ? [1 - share, share] : [share, 1 - share];
    await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: sizes.map((size) => ({ size })) });
  } catch {
    // a layout VS Code does not describe: left as it is
  }
}
