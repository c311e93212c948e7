/**
 * Rename over the wire, on a corpus (examples/ and test/programs/good/): every declaration renamed renames exactly
 * the occurrences of its name that mean it (each edit covers the old name, the program checks as before, renaming
 * back gives the original text), across imports; and the refusals, each with its reason.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { checkProgram } from '../../engine/lang/check/checker';
import { indexFile } from '../../language/file-index';
import { KEYWORDS } from '../../language/rename';
import { ensureServerBuilt, LspClient, positionOf, REPO, uri } from '../helpers/lsp-client';

const read = (f: string): string => fs.readFileSync(f, 'utf8');

function birFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.bir')).map((f) => path.join(dir, f)).sort();
}

/** The text a protocol range covers. */
function textAt(text: string, r: Range): string {
  const lines = text.split('\n');
  if (r.start.line !== r.end.line) return '<several lines>';
  return lines[r.start.line].slice(r.start.character, r.end.character);
}

/** A text with edits applied (they do not overlap). */
function applied(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
  for (const e of sorted) {
    const l = lines[e.range.start.line];
    lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
  }
  return lines.join('\n');
}

/** Where each diagnostic of a program is, and how severe: what a rename must not change (messages quote names). */
function checked(entry: string, texts: ReadonlyMap<string, string>): string[] {
  const host = { readText: (f: string) => texts.get(f) ?? (fs.existsSync(f) ? read(f) : undefined), exists: (f: string) => texts.has(f) || fs.existsSync(f) };
  return checkProgram(entry, { host }).diagnostics.map((d) => `${path.basename(d.span.file)}:${d.span.line}:${d.span.col} ${d.severity}`);
}

describe('language server: rename', function () {
  this.timeout(300000);
  let dir: string;
  let client: LspClient;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-rename-'));
    fs.cpSync(path.join(REPO, 'test', 'programs', 'good'), path.join(dir, 'good'), { recursive: true });
    fs.cpSync(path.join(REPO, 'examples'), path.join(dir, 'examples'), { recursive: true });
    client = new LspClient();
    await client.start(dir);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const renameAt = (file: string, position: { line: number; character: number }, newName: string) =>
    client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri(file) }, position, newName });

  it('renames every declaration of the corpus: exactly its occurrences, in every file, and back again', async () => {
    const files = birFiles(dir);
    const originals = new Map(files.map((f) => [f, read(f)]));
    const entries = files.filter((f) => /^func main\(/m.test(originals.get(f)!));
    const before = new Map(entries.map((e) => [e, checked(e, originals)]));
    for (const f of files) client.open(f, originals.get(f));
    let renamed = 0;
    let crossFile = 0;
    for (const file of files) {
      const index = indexFile(file, originals.get(file)!);
      for (const decl of index.decls) {
        if (decl.kind === 'function' && decl.name === 'main') continue;
        if (decl.kind === 'module' && !/^module /m.test(originals.get(file)!)) continue;
        // A name that is a keyword elsewhere (module cores) is legal where it stands, but no rename gives it back.
        if ((KEYWORDS as readonly string[]).includes(decl.name)) continue;
        const isRegister = /^r[0-9]+$/.test(decl.name);
        const used = new Set(decl.fn === undefined ? [] : index.localsOf(decl.fn).map((d) => d.name));
        const newName = isRegister ? Array.from({ length: 16 }, (_, k) => `r${k}`).find((r) => !used.has(r)) : `renamed_${decl.kind}_${decl.name}`;
        if (!newName) continue;
        const position = { line: decl.nameSpan.line - 1, character: decl.nameSpan.col - 1 };
        const what = `${path.relative(dir, file)}:${decl.nameSpan.line}:${decl.nameSpan.col} ${decl.kind} '${decl.name}' → '${newName}'`;
        const edit = await renameAt(file, position, newName);
        const changes = Object.entries(edit.changes ?? {}).map(([u, edits]) => [fileURLToPath(u), edits] as const);
        assert.ok(changes.length > 0, what);
        const texts = new Map(originals);
        for (const [f, edits] of changes) {
          for (const e of edits) assert.strictEqual(textAt(originals.get(f)!, e.range), decl.name, `${what}: an edit in ${path.relative(dir, f)} at ${e.range.start.line + 1}:${e.range.start.character + 1}`);
          texts.set(f, applied(originals.get(f)!, edits));
        }
        if (changes.length > 1) crossFile++;
        for (const e of entries) assert.deepStrictEqual(checked(e, texts), before.get(e), `${what}: the program ${path.relative(dir, e)} checks as before`);
        // Back again, from the renamed text: the original, character for character.
        for (const [f] of changes) client.change(f, texts.get(f)!);
        const back = await renameAt(file, position, decl.name);
        const backChanges = Object.entries(back.changes ?? {}).map(([u, edits]) => [fileURLToPath(u), edits] as const);
        assert.deepStrictEqual(backChanges.map(([f]) => f).sort(), changes.map(([f]) => f).sort(), `${what}: renamed back in the same files`);
        for (const [f, edits] of backChanges) assert.strictEqual(applied(texts.get(f)!, edits), originals.get(f), `${what}: renamed back in ${path.relative(dir, f)}`);
        for (const [f] of changes) client.change(f, originals.get(f)!);
        renamed++;
      }
    }
    assert.ok(renamed > 150, `renamed ${renamed} declarations`);
    assert.ok(crossFile >= 2, 'a function and a module renamed across an import');
  });

  it('refuses a name taken, a keyword, an opcode, a register for a tensor and the other way round, with the reason', async () => {
    const calls = path.join(dir, 'examples', 'calls_loops.bir');
    const text = read(calls);
    client.open(calls, text);
    const refused = async (needle: string, offset: number, newName: string): Promise<string> => {
      try {
        await renameAt(calls, positionOf(text, needle, 0, offset), newName);
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error(`renaming at '${needle}' to '${newName}' was not refused`);
    };
    assert.match(await refused('sbuf ws', 5, 'xT'), /'xT' is already the name of the tensor declared at line 30 in 'main'/);
    assert.match(await refused('sbuf ws', 5, 'K'), /'K' is already the name of the constant declared at line 16/);
    // A name used nowhere in the function may be reused: the parameter 'w' of full_tile hides the tensor 'w' only there.
    assert.ok(await renameAt(calls, positionOf(text, 'sbuf ws', 0, 5), 'EDGE_'));
    assert.match(await refused('const M ', 6, 'y'), /'y' is already the name of the DRAM tensor declared at line 26/);
    assert.match(await refused('const TN ', 6, 'acc'), /'acc' is already the name of the tensor declared at line 51 in 'full_tile'/);
    assert.match(await refused('func epilogue', 5, 'edge_tile'), /'edge_tile' is already the name of the function declared at line 61/);
    assert.match(await refused('sbuf ws', 5, 'for'), /'for' is a keyword of BIR/);
    assert.match(await refused('sbuf ws', 5, 'MatMult'), /'MatMult' is an opcode/);
    assert.match(await refused('sbuf ws', 5, 'r3'), /'r3' is a register's name; a tensor cannot be named like one/);
    assert.match(await refused('for r0', 4, 'row'), /'r0' is a register: its new name must be a register too/);
    assert.match(await refused('for r0', 4, 'r1'), /'r1' is already the name of the register declared at line 35 in 'main'/);
    assert.match(await refused('sbuf ws', 5, '2x'), /'2x' is not a name/);
    assert.match(await refused('sbuf ws', 5, 'core'), /'core' has a meaning of its own/);
    assert.match(await refused('func main', 5, 'start'), /'main' cannot be renamed/);
    assert.match(await refused('0..M/TM', 0, 'zero'), /nothing to rename here/);
  });

  it('refuses a module name another module has', async () => {
    const tiles = path.join(dir, 'good', 'lib', 'tiles.bir');
    client.open(tiles);
    await assert.rejects(renameAt(tiles, positionOf(read(tiles), 'module tiles', 0, 7), 'softmax'), /'softmax' is already the name of the module declared at line \d+ \(.*softmax\.bir\)/);
  });

  it('prepares a rename with the range of the name under the cursor', async () => {
    const cores = path.join(dir, 'good', 'cores.bir');
    const text = read(cores);
    client.open(cores, text);
    const found = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri(cores) }, position: positionOf(text, 'tiles::scale', 0, 9) });
    assert.deepStrictEqual([found.placeholder, textAt(text, found.range)], ['scale', 'scale']);
  });

  it('knows the keywords the language reference lists', () => {
    const doc = read(path.join(REPO, 'docs', 'bir-language.md'));
    const listed = /Keywords \(`([^`]+)`\)/.exec(doc);
    assert.ok(listed, 'the language reference lists its keywords');
    assert.deepStrictEqual([...KEYWORDS].sort(), listed[1].split(' ').sort());
  });
});
