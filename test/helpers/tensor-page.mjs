// The tensor view's page (dist/tensor-view.js, built by `node esbuild.mjs`) in headless Chromium, outside VS Code:
// served from a temporary folder with a stand-in for VS Code's webview API and a dark theme's variables, for the
// page's tests and its benchmark. The test plays the panel host: it reads what the page posts and answers with
// messages built in the page (values as ArrayBuffers, as the host sends them).
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const THEME = `
:root {
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
  --vscode-editor-background: #1e1e1e; --vscode-editor-foreground: #d4d4d4; --vscode-foreground: #cccccc;
  --vscode-descriptionForeground: #9d9d9d; --vscode-focusBorder: #0078d4; --vscode-panel-border: #2b2b2b;
  --vscode-charts-blue: #3794ff; --vscode-charts-orange: #d18616; --vscode-charts-green: #89d185; --vscode-charts-purple: #b180d7;
  --vscode-charts-yellow: #cca700; --vscode-errorForeground: #f14c4c; --vscode-editorWarning-foreground: #cca700;
  --vscode-input-background: #313131; --vscode-input-foreground: #cccccc; --vscode-button-secondaryBackground: #313131;
  --vscode-button-secondaryForeground: #cccccc; --vscode-editor-selectionBackground: #264f78;
}`;

/** Whether the page can be tested here (Chromium and the bundle). */
export function pageAvailable() {
  return existsSync(process.env.CHROMIUM ?? '/usr/bin/chromium') && existsSync(path.join(root, 'dist', 'tensor-view.js'));
}

/**
 * Serves the page with a strict policy like the panel's (scripts from this origin only, no inline script, no eval),
 * so that markup injected by a test could not run a script even if it reached the DOM: the test then checks that it
 * did not reach it at all.
 */
export async function servePage() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bir-tensor-page-'));
  writeFileSync(path.join(dir, 'index.html'), `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'">
<style>${THEME}</style><link rel="stylesheet" href="tensor-view.css"></head>
<body class="vscode-dark">
<script src="api.js"></script>
<script src="tensor-view.js"></script>
</body></html>`);
  writeFileSync(path.join(dir, 'api.js'), `
window.__posted = [];
window.__state = undefined;
window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => window.__state, setState: (s) => { window.__state = s; } });
window.__rendered = [];
document.addEventListener('bir-tensor-rendered', (e) => window.__rendered.push({ ...e.detail, at: performance.now() }));
// Answers a tensor request as the host does (values as transferred ArrayBuffers); for a region, resolves with the
// time from the message to the first drawing on screen.
window.__answer = async (seq, purpose, made) => {
  const before = window.__rendered.length;
  const t0 = performance.now();
  const transfer = [made.buffers.values, made.buffers.flags, made.buffers.low, made.buffers.reference, made.buffers.metric].filter(Boolean);
  window.postMessage({ type: 'tensor', seq, purpose, header: made.header, buffers: made.buffers }, '*', transfer);
  if (purpose !== 'region') return 0;
  while (window.__rendered.length === before) await new Promise((r) => requestAnimationFrame(r));
  return window.__rendered[before].at - t0;
};
`);
  copyFileSync(path.join(root, 'dist', 'tensor-view.js'), path.join(dir, 'tensor-view.js'));
  copyFileSync(path.join(root, 'dist', 'tensor-view.css'), path.join(dir, 'tensor-view.css'));
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/index.html`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launch() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/** The next message of a type the page posted (waits for it). */
export async function posted(page, type, after = 0) {
  const handle = await page.waitForFunction(([t, n]) => window.__posted.slice(n).find((m) => m.type === t), [type, after], { timeout: 30000 });
  return handle.jsonValue();
}

/** Posts a message to the page as the host would. */
export async function send(page, message) {
  await page.evaluate((m) => window.postMessage(m, '*'), message);
}
