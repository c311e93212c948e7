/**
 * A function's summary (what a call of it reads and writes: graph/effects.ts) computed over the compact code, by the
 * instructions' signatures and skipping repeated lines, is the summary computed from every node as an object; and it
 * makes no object per instruction of the callee (a compiled model split over modules is calls of functions of
 * hundreds of thousands of instructions).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildGraph } from '../../engine/graph/build';
import { Effects, FunctionSummary } from '../../engine/graph/effects';
import { ArrayNodes } from '../../engine/ir/node-list';
import { Program, Region } from '../../engine/ir/program';
import { checkProgram } from '../../engine/lang/check/checker';
import { splitOverModules } from '../helpers/compiled-model';
import { programOf } from '../helpers/virtual-host';

function checkedFiles(files: ReadonlyMap<string, string>): Program {
  const [[entry, text], ...more] = [...files];
  return programOf(text, entry, Object.fromEntries(more));
}

/** The program's regions made lists of node objects (as a pass's copy has them), nested regions included. */
function asObjects(region: Region): void {
  const nodes = region.nodes.toArray();
  region.nodes = new ArrayNodes(nodes);
  for (const n of nodes) {
    if (n.kind === 'for') asObjects(n.body);
    if (n.kind === 'if') {
      asObjects(n.then);
      if (n.else) asObjects(n.else);
    }
  }
}

/** Every function's summary, by name. */
function summaries(program: Program): Map<string, FunctionSummary> {
  const effects = new Effects(program);
  return new Map([...program.functions].map(([name, fn]) => [name, effects.summary(fn)]));
}

function assertSameSummaries(check: () => Program, what: string): void {
  const compact = summaries(check());
  const objects = check();
  for (const fn of objects.functions.values()) asObjects(fn.body);
  assert.deepStrictEqual(compact, summaries(objects), what);
}

describe('callee summaries over the compact code', () => {
  it('are the summaries of the nodes as objects, on every example', () => {
    const dir = path.join(__dirname, '..', '..', 'examples');
    const files = [...fs.readdirSync(dir).map((f) => path.join(dir, f)), ...fs.readdirSync(path.join(dir, 'nki')).map((f) => path.join(dir, 'nki', f))];
    for (const file of files.filter((f) => f.endsWith('.bir'))) {
      assertSameSummaries(() => checkProgram(file).program!, file);
    }
  });

  it('are the summaries of the nodes as objects, on a model split over modules (repeated lines, parameters, DRAM)', () => {
    assertSameSummaries(() => checkedFiles(splitOverModules(12_000, 4).files), 'splitOverModules(12000, 4)');
  });

  it('keep a write seen only in a repeated line of a loop or a branch', () => {
    const text = [
      'module t',
      'dram x : f32[4, 8] input = random(seed=1)',
      'dram y : f32[4, 8] output',
      'func part(a: dram f32[4, 8], b: dram f32[4, 8]) {',
      '  sbuf s : f32[4, 8]',
      '  for r0 in 0..2 {',
      '    DmaCopy s <- a',
      '    DmaCopy s <- a',
      '  }',
      '  if r0 > 0 {',
      '    DmaCopy b <- s',
      '    DmaCopy b <- s',
      '  }',
      '}',
      'func main() {',
      '  call part(x, y)',
      '}',
      '',
    ].join('\n');
    assertSameSummaries(() => programOf(text), 'loop and branch');
    const s = summaries(programOf(text)).get('t::part')!;
    assert.deepStrictEqual(s.params, [{ read: true, write: false }, { read: false, write: true }]);
  });

  it('make no object per instruction of the callees when the caller\'s graph is drawn', () => {
    const program = checkedFiles(splitOverModules(40_000, 4).files);
    const code = program.code as { node: (index: number) => unknown };
    const made = code.node.bind(code);
    let count = 0;
    code.node = (index: number) => (count++, made(index));
    buildGraph(program.main, { program });
    // Before, every callee instruction was made an object (40,000); now a few per distinct line and per call.
    assert.ok(count < 4_000, `${count} nodes made for the graph of main`);
  });
});
