/**
 * The language server on a 100,000-line file, over the wire as an editor drives it (the bundled server, stdio):
 * diagnostics after an edit, definition, references, hover, rename, the Outline, formatting, semantic tokens and the
 * quick fixes of a diagnostic, each the best of a few rounds; and the formatter in the process (`bir-sim fmt`'s work).
 * Run: node esbuild.mjs && npx tsx bench/language-server.bench.ts [lines]
 * (BIR_LSP_SERVER=path/to/language-server.js measures another build, as a "before" beside the "after")
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { bigProgram } from './big-program';
import { formatBir } from '../engine/lang/format';
import { LspClient, positionOf, uri } from '../test/helpers/lsp-client';

async function timed(rounds: number, run: () => Promise<unknown>): Promise<number> {
  return timedTo(rounds, async () => {
    await run();
    return performance.now();
  });
}

/** The best of some rounds, each timed from its start to the time it answers (what follows it is not timed). */
async function timedTo(rounds: number, run: () => Promise<number>): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fastest = Math.min(fastest, (await run()) - t0);
  }
  return fastest;
}

async function main(): Promise<void> {
  const lines = Number(process.argv[2] ?? 100_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-lsp-bench-'));
  const file = path.join(dir, 'big.bir');
  const { text } = bigProgram(lines, 'flat');
  fs.writeFileSync(file, text);
  const client = new LspClient();
  try {
    await client.start(dir);
    const t0 = performance.now();
    client.open(file, text);
    await client.diagnosticsOf(file);
    const open = performance.now() - t0;
    const doc = { textDocument: { uri: uri(file) } };
    const mid = positionOf(text, 'TensorTensor b <- a, b', Math.floor(lines / 8), 13);
    // Each round a different text, none the one opened: an edit of one instruction line, as typing makes.
    let version = 0;
    const edit = await timed(3, async () => {
      const seen = client.published(file);
      client.change(file, text.replace('scalar = 1.5', `scalar = ${2.5 + (version++ % 2)}`));
      await client.diagnosticsOf(file, () => true, seen);
    });
    // A line typed: the lines after it move.
    const added = await timed(3, async () => {
      const seen = client.published(file);
      client.change(file, text.replace('  DmaCopy a <- x\n', `  DmaCopy a <- x\n  TensorTensor b <- a, b, op = ${version++ % 2 ? 'add' : 'mult'}\n`));
      await client.diagnosticsOf(file, () => true, seen);
    });
    // The opened text again, where the positions below are, and the whole check that follows the incremental ones
    // when the editing pauses, so that it does not run during the requests below.
    const back = client.published(file);
    client.change(file, text);
    await client.diagnosticsOf(file, () => true, back + 1);
    const definition = await timed(5, () => client.request('textDocument/definition', { ...doc, position: mid }));
    let found: unknown[] = [];
    const references = await timed(5, async () => (found = await client.request<unknown[]>('textDocument/references', { ...doc, position: mid, context: { includeDeclaration: true } })));
    // What the answer's JSON costs, made and read in this process as the server makes it and the client reads it.
    const json = await timed(3, async () => JSON.parse(JSON.stringify(found)));
    const register = positionOf(text, 'r7 ', Math.floor(lines / 40));
    let registerCount = 0;
    const registerReferences = await timed(5, async () => (registerCount = (await client.request<unknown[]>('textDocument/references', { ...doc, position: register, context: { includeDeclaration: true } })).length));
    // A name of typical use: the DRAM input x, declared and read once (most names of a kernel are used a few times).
    const typical = positionOf(text, 'DmaCopy a <- x', 0, 13);
    let typicalCount = 0;
    const typicalReferences = await timed(5, async () => (typicalCount = (await client.request<unknown[]>('textDocument/references', { ...doc, position: typical, context: { includeDeclaration: true } })).length));
    const hover = await timed(5, () => client.request('textDocument/hover', { ...doc, position: mid }));
    const rename = await timed(3, () => client.request('textDocument/rename', { ...doc, position: mid, newName: 'bb' }));
    const outline = await timed(3, () => client.request('textDocument/documentSymbol', doc));
    // The first request after an edit of a line in the middle of the file, as a hover after typing: the index of the
    // edited text is made for it.
    const middle = text.indexOf('scalar = 1.5', text.length / 2);
    const afterEdit = await timedTo(3, async () => {
      const seen = client.published(file);
      client.change(file, `${text.slice(0, middle)}scalar = ${2.5 + (version++ % 2)}${text.slice(middle + 'scalar = 1.5'.length)}`);
      await client.request('textDocument/hover', { ...doc, position: mid });
      const took = performance.now();
      await client.diagnosticsOf(file, () => true, seen);
      return took;
    });
    const restored = client.published(file);
    client.change(file, text);
    await client.diagnosticsOf(file, () => true, restored + 1);
    const options = { tabSize: 2, insertSpaces: true };
    let edits = 0;
    const formatting = await timed(3, async () => (edits = (await client.request<unknown[]>('textDocument/formatting', { ...doc, options })).length));
    let tokenCount = 0;
    const tokens = await timed(3, async () => (tokenCount = (await client.request<{ data: number[] }>('textDocument/semanticTokens/full', doc)).data.length / 5));
    const view = { start: { line: mid.line - 50, character: 0 }, end: { line: mid.line + 50, character: 0 } };
    const tokensInView = await timed(5, () => client.request('textDocument/semanticTokens/range', { ...doc, range: view }));
    const unknown = { range: { start: mid, end: { ...mid, character: mid.character + 1 } }, message: "unknown name 'bq'; did you mean 'b'?", source: 'bir' };
    const actions = await timed(5, () => client.request('textDocument/codeAction', { ...doc, range: unknown.range, context: { diagnostics: [unknown] } }));
    // Structural edits, each round another text: an allocation declared and a loop's braces put around an instruction
    // line in the middle of main, a function added at the end of the file. Last, since an edit checked whole makes
    // its text the base of the next incremental check.
    const middleLine = text.indexOf('\n  TensorTensor b <- a, b, op = add\n', text.length / 2) + 1;
    const structural = async (edited: (v: number) => string): Promise<number> => timed(3, async () => {
      const seen = client.published(file);
      client.change(file, edited(version++));
      await client.diagnosticsOf(file, () => true, seen);
    });
    const allocation = await structural((v) => `${text.slice(0, middleLine)}  sbuf t${v} : f32[128, ${64 + (v % 2) * 64}]\n${text.slice(middleLine)}`);
    const loop = await structural((v) => {
      const end = text.indexOf('\n', middleLine) + 1;
      return `${text.slice(0, middleLine)}  for r${v % 2} in 0..2 {\n  ${text.slice(middleLine, end)}  }\n${text.slice(end)}`;
    });
    const fn = await structural((v) => `${text}func helper${v}(t: sbuf f32[128, 512], r3) {\n  sbuf u : f32[128, 512]\n  TensorScalar u <- t, op = mul, scalar = r3\n  TensorTensor t <- t, u, op = ${v % 2 ? 'add' : 'mult'}\n}\n`);
    const respaced = text.replace(/ <- /g, '<-').replace(/, /g, ',');
    const fmt = await timed(3, async () => formatBir(respaced, file));
    // The server's memory after all of it (Linux: its resident set now and at its peak), against the file's size.
    const status = client.pid && fs.existsSync(`/proc/${client.pid}/status`) ? fs.readFileSync(`/proc/${client.pid}/status`, 'utf8') : '';
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(`# language server, ${lines.toLocaleString('en-US')}-line file (node ${process.version}, load ${os.loadavg()[0].toFixed(1)})`);
    console.log(`open -> diagnostics ${ms(open)}; edit -> diagnostics ${ms(edit)}; line added -> diagnostics ${ms(added)}; definition ${ms(definition)}; references ${ms(references)} (${found.length.toLocaleString('en-US')} locations; their JSON made and read in process ${ms(json)}), of a register ${ms(registerReferences)} (${registerCount.toLocaleString('en-US')}), of x ${ms(typicalReferences)} (${typicalCount}); hover ${ms(hover)}; rename ${ms(rename)}; outline ${ms(outline)}; hover just after an edit ${ms(afterEdit)}`);
    console.log(`structural edits -> diagnostics: allocation added ${ms(allocation)}; loop put around a line ${ms(loop)}; function added ${ms(fn)}`);
    console.log(`server memory: resident ${(kb('VmRSS') / 1024).toFixed(0)} MB, at its peak ${(kb('VmHWM') / 1024).toFixed(0)} MB (the file ${(text.length / 1e6).toFixed(1)} MB)`);
    console.log(`formatting ${ms(formatting)} (${edits} edits); semantic tokens ${ms(tokens)} (${tokenCount.toLocaleString('en-US')} tokens), of 100 lines in view ${ms(tokensInView)}; code action ${ms(actions)}; formatBir of the file respaced, in process ${ms(fmt)}`);
  } finally {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
