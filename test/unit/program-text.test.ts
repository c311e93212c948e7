/**
 * The program after passes as text (engine/passes/program-text.ts): without passes it is the source itself, line for
 * line, on every example; after passes, every line says where it came from, and what a pass rewrote is printed from
 * the IR while what it left alone keeps the source's text.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkProgram } from '../../engine/lang/check/checker';
import { Program } from '../../engine/ir/program';
import { runPipeline } from '../../engine/passes/pipeline';
import { printProgramText, ProgramText } from '../../engine/passes/program-text';
import { PASS_NAMES, PassName } from '../../engine/passes/registry';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.bir')).map((f) => path.join(ROOT, 'examples', f));

function checked(file: string): Program {
  const { program, diagnostics } = checkProgram(file);
  assert.ok(program, `${file} checks: ${diagnostics.map((d) => d.message).join('; ')}`);
  return program;
}

function after(file: string, passes: readonly PassName[]): { written: Program; printed: ProgramText } {
  const written = checked(file);
  const snapshots = runPipeline(written, passes);
  return { written, printed: printProgramText(written, snapshots[snapshots.length - 1].program) };
}

const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');

describe('the program after passes as text', () => {
  it('is the source itself without passes, every line its own origin, on every example', () => {
    assert.ok(EXAMPLES.length >= 5);
    for (const file of EXAMPLES) {
      const { printed } = after(file, []);
      assert.strictEqual(printed.text, fs.readFileSync(file, 'utf8'), file);
      printed.origins.forEach((o, i) => assert.deepStrictEqual([o.file, o.line], [file, i + 1], `${file}, line ${i + 1}`));
    }
  });

  it('gives every line after the whole pipeline an origin in the program\'s sources, whose text it is when the passes left it', () => {
    for (const file of EXAMPLES) {
      const { written, printed } = after(file, PASS_NAMES);
      const lines = linesOf(printed.text);
      assert.strictEqual(lines.length, printed.origins.length, file);
      lines.forEach((text, i) => {
        const o = printed.origins[i];
        const source = written.sources.get(o.file)?.split('\n')[o.line - 1];
        assert.ok(source !== undefined, `${file}, line ${i + 1}: its origin ${o.file}:${o.line} is a line of the program`);
        if (text.trim().startsWith('#')) assert.strictEqual(text.trim(), source.trim(), `${file}, line ${i + 1}: a comment is the source's`);
      });
    }
  });

  it('prints what inline made from the IR, each copied line pointing to the callee\'s line it came from', () => {
    const file = path.join(ROOT, 'examples', 'calls_loops.bir');
    const { printed } = after(file, ['inline']);
    const lines = linesOf(printed.text);
    const copied = lines.findIndex((l) => l.trim() === 'MatMult full_tile__acc <- xT, ws[0:128, r1*128:r1*128 + 128]');
    assert.ok(copied >= 0, printed.text);
    const source = fs.readFileSync(file, 'utf8').split('\n');
    assert.strictEqual(source[printed.origins[copied].line - 1].trim(), 'MatMult acc <- xT, w');
    assert.ok(printed.origins[copied].line > source.findIndex((l) => l.startsWith('func full_tile')), 'the line of full_tile, not of the call');
    // The caller's own lines are untouched: the source's spacing and comments.
    assert.ok(lines.includes('  sbuf ws : bf16[K, N]         # all of W stays on chip: 640 bytes per partition'));
    assert.ok(!lines.some((l) => l.includes('call full_tile(')), 'the calls were inlined');
  });

  it('leaves out what dce removed, keeping the lines around it as written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-program-text-'));
    try {
      const file = path.join(dir, 'dead.bir');
      const text = 'module m\ndram y : f32[4, 8] output\n\nfunc main() {\n  sbuf tmp : f32[4, 8]\n  sbuf used : f32[4, 8]\n  Memset tmp <- 1    # nothing reads it\n\n  # the result\n  Memset used <- 2\n  DmaCopy y <- used\n}\n';
      fs.writeFileSync(file, text);
      const { printed } = after(file, ['dce']);
      assert.strictEqual(printed.text, text.replace('  Memset tmp <- 1    # nothing reads it\n', ''));
      assert.deepStrictEqual(printed.origins.map((o) => o.line), [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a block\'s allocations at the start of their block, as written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-program-text-'));
    try {
      const file = path.join(dir, 'scoped.bir');
      const text = 'module scoped\ndram y : f32[4, 8] output\nfunc main() {\n  sbuf acc : f32[4, 8]\n  Memset acc <- 0\n  for r0 in 0..2 {\n    # a fresh tile each time\n    sbuf t : f32[4, 8]\n    Memset t <- 1\n    TensorTensor acc <- acc, t, op = add\n  }\n  DmaCopy y <- acc\n}\n';
      fs.writeFileSync(file, text);
      assert.strictEqual(after(file, []).printed.text, text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a loop inline rewrote from the IR, independent as written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-program-text-'));
    try {
      const file = path.join(dir, 'renamed.bir');
      fs.writeFileSync(file, 'module m\ndram y : f32[4, 8] output\nfunc main() {\n  sbuf t : f32[4, 8]\n  for r0 in 0..2 {\n    call fill(t)\n  }\n  DmaCopy y <- t\n}\nfunc fill(t: sbuf f32[4, 8]) {\n  for r0 in 0..4 independent {\n    Memset t[r0:r0+1, :] <- 1\n  }\n}\n');
      const lines = linesOf(after(file, ['inline']).printed.text);
      assert.ok(lines.includes('    for r1 in 0..4 independent {'), lines.join('\n'));
      assert.ok(lines.some((l) => l.startsWith('      Memset t[') && l.includes('r1')), 'the body with its register renamed');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows fuse\'s groups with their members as written', () => {
    const file = path.join(ROOT, 'examples', 'attention.bir');
    const source = linesOf(fs.readFileSync(file, 'utf8'));
    const fused = linesOf(after(file, ['fuse']).printed.text);
    const group = fused.findIndex((l) => /^ {2}Fused g1 \{$/.test(l));
    assert.ok(group >= 0, fused.join('\n'));
    assert.ok(source.some((l) => l.trim() === fused[group + 1].trim()), `a member as written: ${fused[group + 1]}`);
  });

  it('prints another module\'s file after the entry\'s, under a line that names it', () => {
    const file = path.join(ROOT, 'test', 'programs', 'good', 'cores.bir');
    const { printed } = after(file, []);
    const lines = linesOf(printed.text);
    const at = lines.indexOf('# ---- lib/tiles.bir (module tiles) ----');
    assert.ok(at > 0, printed.text);
    assert.strictEqual(printed.origins[at + 2].file, path.join(ROOT, 'test', 'programs', 'good', 'lib', 'tiles.bir'));
  });
});
