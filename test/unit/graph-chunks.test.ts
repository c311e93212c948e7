/**
 * Repeated chunks of straight-line code (engine/graph/chunk-memo.ts): the graph built by replaying recorded chunks
 * is the graph built by walking every node, edge for edge (writer, reader, kind, label), on compiled-model programs
 * and on random programs whose lines repeat with partial overwrites, strided and register-dependent views, registers,
 * loops and branches between the runs, cut into chunks of every size.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildGraph } from '../../engine/graph/build';
import type { Chunking } from '../../engine/graph/chunk-memo';
import { checkProgram } from '../../engine/lang/check/checker';
import type { Program } from '../../engine/ir/program';
import { straightLine, splitOverModules } from '../helpers/compiled-model';
import { programOf } from '../helpers/virtual-host';

/** The graphs walked node by node and replayed agree, edge for edge; the count of nodes replayed. */
function assertSameGraphs(p: Program, chunking?: Chunking): number {
  const stats = { replayed: 0 };
  for (const fn of p.functions.values()) {
    const replayed = buildGraph(fn, { program: p, chunking, stats });
    const walked = buildGraph(fn, { program: p, chunking: false });
    assert.strictEqual(replayed.size, walked.size);
    assert.strictEqual(replayed.edgeCount, walked.edgeCount, `${fn.fullName}: edges`);
    const [a, b] = [replayed.edgeRows, walked.edgeRows];
    for (let i = 0; i < walked.edgeCount; i++) {
      if (a.from[i] !== b.from[i] || a.to[i] !== b.to[i] || a.kind[i] !== b.kind[i] || a.labels[a.label[i]] !== b.labels[b.label[i]]) {
        assert.deepStrictEqual(replayed.edge(i), walked.edge(i), `${fn.fullName}: edge ${i}`);
      }
    }
  }
  return stats.replayed;
}

/** A compiled model's shape whose pattern repeats every `period` lines: straightLine's first lines, again and again. */
function repeatingModel(period: number, times: number): Map<string, string> {
  const text = straightLine(period).files.get('model.bir')!;
  const lines = text.trimEnd().split('\n');
  const head = lines.findIndex((l) => l.startsWith('func main'));
  const tiles = lines.slice(head + 1).filter((l) => l.startsWith('  sbuf'));
  const body = lines.slice(head + 1 + tiles.length, -1);
  const out = [...lines.slice(0, head + 1), ...tiles, ...Array.from({ length: times }, () => body).flat(), '}', ''];
  return new Map([['model.bir', out.join('\n')]]);
}

/** The program of a model's files (the first is its entry), as the virtual host reads them. */
function checked(files: ReadonlyMap<string, string>): Program {
  const [[entry, text], ...more] = [...files];
  return programOf(text, entry, Object.fromEntries(more));
}

/** A deterministic random source (a linear congruential generator). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Lines a random program is made of: the same few, written again and again, as a compiler writes them. */
const LINES = [
  'DmaCopy a <- x[0:128, 0:64]',
  'DmaCopy a[0:64, 0:32] <- x[0:64, 64:96]',
  'DmaCopy b[0:128, 0:64:2] <- x[0:128, 128:160]',
  'DmaCopy y[0:128, 64:128] <- b',
  'DmaCopy y[0:128, 0:64] <- c',
  'DmaCopy y[64:128, 0:128:2] <- a[64:128, 0:64]',
  'TensorTensor c <- a, b, op = add',
  'TensorTensor c[0:128, 0:32] <- c[0:128, 32:64], a[0:128, 0:32], op = mul',
  'TensorScalar b[0:64, 0:64] <- a[64:128, 0:64], op = mul, scalar = 2.0',
  'TensorScalar a[0:128, 0:32] <- c[0:128, 32:64], op = add, scalar = r1',
  'TensorScalar c[0:128, r2:r2+1] <- a[0:128, 0:1], op = add, scalar = 1.0',
  'TensorReduce s <- c, op = max',
  'TensorScalar c <- c, op = sub, scalar = s',
  'Memset b[0:128, 1:64:2] <- 0',
  'Set r1 = 3',
  'Set r2 = r1 + 1',
];

/** Multi-line statements that cut runs of straight-line code: loops (carried edges) and branches. */
const BLOCKS = [
  'for r3 in 0..2 {\n    TensorTensor c <- c, a, op = add\n    TensorScalar a[0:128, 0:32] <- c[0:128, 0:32], op = mul, scalar = 0.5\n  }',
  'if r1 < 2 {\n    DmaCopy a <- x[0:128, 64:128]\n  } else {\n    TensorScalar b <- a, op = add, scalar = 1.0\n  }',
  'for r4 in 0..r1 {\n    DmaCopy y[0:128, 128:192] <- a\n  }',
];

/** A program of `n` statements drawn from LINES (a BLOCK now and then), some runs repeated whole. */
function randomProgram(seed: number, n: number): string {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const body: string[] = [];
  while (body.length < n) {
    const r = next();
    if (r < 0.05) body.push(pick(BLOCKS));
    else if (r < 0.15 && body.length > 10) {
      // A run written again: the shape a compiled model repeats.
      const from = Math.floor(next() * (body.length - 5));
      body.push(...body.slice(from, from + 5 + Math.floor(next() * 40)));
    } else body.push(pick(LINES));
  }
  return [
    'module m',
    'dram x : f32[128, 256] input = random(seed=1, low=-1, high=1)',
    'dram y : f32[128, 256] output',
    'func main() {',
    '  sbuf a : f32[128, 64]',
    '  sbuf b : f32[128, 64]',
    '  sbuf c : f32[128, 64]',
    '  sbuf s : f32[128, 1]',
    '  Set r1 = 1',
    '  Set r2 = 0',
    ...body.map((line) => `  ${line}`),
    '}',
    '',
  ].join('\n');
}

describe('graphs of repeated chunks', () => {
  it('a compiled model: replayed, the graph is the one of walking every node', () => {
    // A pattern of 6,000 lines, 5 times: a chunk seen twice is recorded, and replayed from its third time on.
    const replayed = assertSameGraphs(checked(repeatingModel(6000, 5)));
    assert.ok(replayed > 12_000, `replayed ${replayed} nodes`);
  });

  it('split over modules: each part\'s function walked on its own', () => {
    assertSameGraphs(checked(splitOverModules(9_000, 3).files), { min: 40, mask: 63, max: 512 });
  });

  for (const [chunking, least] of [[{ min: 1, mask: 0, max: 1 }, 1000], [{ min: 2, mask: 3, max: 8 }, 1000], [{ min: 40, mask: 15, max: 200 }, 100]] as const) {
    it(`random programs, chunks of ${chunking.min} to ${chunking.max} nodes`, () => {
      let replayed = 0;
      for (let seed = 1; seed <= 12; seed++) replayed += assertSameGraphs(programOf(randomProgram(seed, 600)), chunking);
      assert.ok(replayed > least, `replayed ${replayed} nodes`);
    });
  }

  it('every example', () => {
    const dir = path.join(__dirname, '..', '..', 'examples');
    const files = [...fs.readdirSync(dir).map((f) => path.join(dir, f)), ...fs.readdirSync(path.join(dir, 'nki')).map((f) => path.join(dir, 'nki', f))];
    for (const file of files.filter((f) => f.endsWith('.bir'))) {
      const { program } = checkProgram(file);
      assert.ok(program, file);
      assertSameGraphs(program, { min: 2, mask: 1, max: 16 });
    }
  });
});
