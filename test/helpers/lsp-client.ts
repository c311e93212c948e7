/**
 * A client of the language server over the LSP wire, as nvim speaks it: `node dist/language-server.js --stdio`
 * spawned, JSON-RPC on its standard input and output (vscode-jsonrpc). Diagnostics the server publishes are kept per
 * URI; waits are for messages, with a limit; nothing sleeps.
 */
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

export const REPO = path.resolve(__dirname, '..', '..');
/** The bundled server; BIR_LSP_SERVER names another build (a benchmark's "before", run beside the "after"). */
export const SERVER = process.env.BIR_LSP_SERVER ?? path.join(REPO, 'dist', 'language-server.js');
export const WAIT_MS = 15000;

let built = false;

/** Builds dist/ once per test run (the tests run the bundle, as editors do). */
export function ensureServerBuilt(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(REPO, 'esbuild.mjs')], { cwd: REPO, stdio: 'pipe' });
  if (!fs.existsSync(SERVER)) throw new Error('node esbuild.mjs did not make dist/language-server.js');
  built = true;
}

export const uri = (file: string): string => pathToFileURL(file).toString();

export class LspClient {
  private readonly process: ChildProcess;
  readonly connection: MessageConnection;
  private readonly diagnostics = new Map<string, { version: number; items: Diagnostic[] }>();
  private readonly waiters: (() => void)[] = [];
  private readonly versions = new Map<string, number>();
  private stderr = '';
  /** The messages the server asked the editor to show (window/showMessage), in order. */
  readonly shown: string[] = [];

  constructor() {
    this.process = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const kept = this.diagnostics.get(p.uri);
      this.diagnostics.set(p.uri, { version: (kept?.version ?? 0) + 1, items: p.diagnostics });
      for (const w of this.waiters.splice(0)) w();
    });
    this.connection.onNotification('window/showMessage', (p: { message: string }) => {
      this.shown.push(p.message);
      for (const w of this.waiters.splice(0)) w();
    });
    this.connection.listen();
  }

  /** The first message shown that matches, once it is shown. */
  async messageShown(pattern: RegExp): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    while (true) {
      const found = this.shown.find((m) => pattern.test(m));
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message matching ${pattern} shown within ${WAIT_MS} ms; shown: ${JSON.stringify(this.shown)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** initialize and initialized, with the workspace folder `root` (and the client capabilities given). */
  async start(root: string, initializationOptions?: unknown, capabilities: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const result = await this.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid, rootUri: uri(root), workspaceFolders: [{ uri: uri(root), name: path.basename(root) }], capabilities, initializationOptions,
    });
    await this.connection.sendNotification('initialized', {});
    return result.capabilities;
  }

  async request<T>(method: string, params: unknown): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${WAIT_MS} ms${this.stderr ? `; the server wrote: ${this.stderr}` : ''}`)), WAIT_MS);
    });
    try {
      return await Promise.race([this.connection.sendRequest(method, params) as Promise<T>, limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  open(file: string, text = fs.readFileSync(file, 'utf8')): void {
    this.versions.set(file, 1);
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId: 'bir', version: 1, text } });
  }

  /** Replaces the whole text of an open document. */
  change(file: string, text: string): void {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(file), version }, contentChanges: [{ text }] });
  }

  /** An edit of a range of an open document (an incremental change, as editors send them). */
  edit(file: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }, text: string): void {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(file), version }, contentChanges: [{ range, text }] });
  }

  close(file: string): void {
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(file) } });
  }

  /** How many times diagnostics of a file have been published so far. */
  published(file: string): number {
    return this.diagnostics.get(uri(file))?.version ?? 0;
  }

  /** The diagnostics of a file once a publication after `after` satisfies `accept`. */
  async diagnosticsOf(file: string, accept: (d: Diagnostic[]) => boolean = () => true, after = 0): Promise<Diagnostic[]> {
    const deadline = Date.now() + WAIT_MS;
    while (true) {
      const kept = this.diagnostics.get(uri(file));
      if (kept && kept.version > after && accept(kept.items)) return kept.items;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no diagnostics of ${file} as expected within ${WAIT_MS} ms; last: ${JSON.stringify(kept?.items)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The server's process id (a benchmark reads its memory). */
  get pid(): number | undefined {
    return this.process.pid;
  }

  async stop(): Promise<void> {
    try {
      await this.request('shutdown', null);
      await this.connection.sendNotification('exit');
    } catch {
      // A server that no longer answers is ended below.
    }
    const exited = new Promise<void>((resolve) => {
      if (this.process.exitCode !== null) resolve();
      else this.process.once('exit', () => resolve());
    });
    const timer = setTimeout(() => this.process.kill(), 3000);
    await exited;
    clearTimeout(timer);
    this.connection.dispose();
  }
}

/** A position (0-based, as the protocol counts) of the `nth` occurrence of `needle` in a text, plus `offset` characters. */
export function positionOf(text: string, needle: string, nth = 0, offset = 0): { line: number; character: number } {
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' occurs fewer than ${nth + 1} times`);
  }
  at += offset;
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  return { line, character: at - before.lastIndexOf('\n') - 1 };
}
