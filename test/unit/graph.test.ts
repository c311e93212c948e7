// The dataflow graph (engine/graph/): footprints, effects, edges of hand-checked programs, regions, the
// examples, JSON and DOT, and a big generated program.
//
// Expected edges are written as [writer, reader, kind, label] with a piece of the writer's and the reader's
// source line (each piece names exactly one line of the program); failures show whole lines.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildGraph, buildProgramGraphs, MAX_LABEL } from '../../engine/graph/build';
import { Effects } from '../../engine/graph/effects';
import { graphToDot, graphToJson } from '../../engine/graph/export';
import {
  boxFootprint, covers, dimRange, footprintLabel, footprintOf, overlap, registerFootprint, wholeFootprint,
} from '../../engine/graph/footprint';
import { FunctionGraph } from '../../contract/graph';
import { forEachNode } from '../../engine/ir/numbering';
import { AccessPattern, FunctionIR, InstrNode, Node, Program, Region } from '../../engine/ir/program';
import { checkProgram } from '../../engine/lang/check/checker';
import { programOf } from '../helpers/virtual-host';
import { runPipeline } from '../../engine/passes/pipeline';
import { allNodes } from '../../engine/passes/pass';

// ---------------------------------------------------------------------------
// helpers

type Expected = [writer: string, reader: string, kind: 'memory' | 'register', label: string];

/** The one line of src that contains the piece, or (`=text`) that is the text once trimmed (1-based). */
function lineOf(src: string, piece: string): number {
  const lines = src.split('\n');
  const match = (l: string): boolean => (piece.startsWith('=') ? l.trim() === piece.slice(1) : l.includes(piece));
  const found = lines.flatMap((l, i) => (match(l) ? [i + 1] : []));
  assert.strictEqual(found.length, 1, `'${piece}' should name exactly one line, it names ${found.length}`);
  return found[0];
}

function graphOf(src: string, fn = 'main'): { program: Program; graph: FunctionGraph } {
  const program = programOf(src);
  const f = [...program.functions.values()].find((x) => x.name === fn);
  assert.ok(f, `no function ${fn}`);
  return { program, graph: buildGraph(f, { program }) };
}

function render(src: string, g: FunctionGraph, edges: readonly { from: string; to: string; kind: string; label: string }[]): string[] {
  const lines = src.split('\n');
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const text = (id: string): string => {
    const n = byId.get(id);
    assert.ok(n, `edge endpoint ${id} is not a node`);
    return lines[n.span.line - 1].trim();
  };
  return edges.map((e) => `${text(e.from)}  ->  ${text(e.to)}  | ${e.kind} | ${e.label}`).sort();
}

function expectEdges(src: string, expected: readonly Expected[], fn = 'main'): FunctionGraph {
  const { graph } = graphOf(src, fn);
  const lines = src.split('\n');
  const want = expected.map(([w, r, kind, label]) => `${lines[lineOf(src, w) - 1].trim()}  ->  ${lines[lineOf(src, r) - 1].trim()}  | ${kind} | ${label}`).sort();
  assert.deepStrictEqual(render(src, graph, graph.edges), want);
  return graph;
}

function prog(...lines: string[]): string {
  return ['module t', ...lines].join('\n') + '\n';
}

/** The access pattern of the destination of the node on a line. */
function dstOf(program: Program, line: number): AccessPattern {
  const node = allNodes(program).find((n) => n.span.line === line && n.kind === 'instr') as InstrNode | undefined;
  assert.ok(node?.dst?.kind === 'tensor');
  return node.dst.ap;
}

// ---------------------------------------------------------------------------

describe('graph', () => {
  describe('destinations (what the tensor view shows for a node)', () => {
    const SRC = prog(
      'dram x : f32[4, 8] input = zeros',
      'dram y : f32[4, 8] output',
      'func main() {',
      '  sbuf a : f32[4, 8]',
      '  DmaCopy a <- x',
      '  for r0 in 0..2 {',
      '    TensorScalar a[r0:r0+1, 0:8] <- a[r0:r0+1, 0:8], op = mul, scalar = 2',
      '  }',
      '  Set r1 = 3',
      '  call twice(a)',
      '  TensorScalar a <- a, op = add, scalar = 1',
      '  Activation a <- a, func = relu',
      '  DmaCopy y <- a',
      '}',
      'func twice(t: sbuf f32[4, 8]) {',
      '  TensorScalar t <- t, op = mul, scalar = 2',
      '}',
    );

    function byLine(nodes: readonly { span: { line: number }; destination?: string; kind: string }[], piece: string) {
      return nodes.filter((n) => n.span.line === lineOf(SRC, piece));
    }

    it('is the destination access pattern as written, and none for registers, loops and calls', () => {
      const { graph } = graphOf(SRC);
      assert.strictEqual(byLine(graph.nodes, 'DmaCopy a <- x')[0].destination, 'a');
      assert.strictEqual(byLine(graph.nodes, 'TensorScalar a[r0')[0].destination, 'a[r0:r0+1, 0:8]');
      for (const piece of ['Set r1', 'for r0', 'call twice']) assert.strictEqual(byLine(graph.nodes, piece)[0].destination, undefined, piece);
    });

    it('is the last member\'s for a fused group, and in the caller\'s names for inlined copies', () => {
      const snaps = runPipeline(programOf(SRC), ['inline', 'fuse']);
      const mainGraph = (k: number): FunctionGraph => {
        const program = snaps[k].program;
        return buildGraph([...program.functions.values()].find((f) => f.name === 'main')!, { program });
      };
      const inlined = mainGraph(1).nodes.filter((n) => n.inlinedFrom !== undefined);
      assert.deepStrictEqual(inlined.map((n) => n.destination), ['a'], 'twice(t) bound to a writes a');
      const fused = mainGraph(2).nodes.filter((n) => n.kind === 'fused');
      assert.ok(fused.length > 0, 'the fuse pass made a group');
      for (const f of fused) assert.ok(f.destination === 'a' || f.destination === 'y', f.destination);
    });
  });

  describe('footprints', () => {
    const src = prog(
      'func main() {',
      '  sbuf t : f32[128, 64]',
      '  sbuf c : f32[128, 1]',
      '  Set r1 = 2',
      '  Memset t[0:64, 8:16] <- 0.0',                  // 6
      '  Memset t[0:128:2, 0:64] <- 0.0',               // 7
      '  Memset t[1:128:2, 0:64] <- 0.0',               // 8
      '  Memset t[0:128:4, 0:64] <- 0.0',               // 9
      '  Memset t[0:128:3, 0:64] <- 0.0',               // 10
      '  Memset t[r1*8 : r1*8+8, 0:64] <- 0.0',         // 11
      '  Memset t[3, 0:64] <- 0.0',                     // 12
      '  Memset t <- 0.0',                              // 13
      '  Memset c <- 1.0',                              // 14
      '  TensorCopy t <- c[0:128, 0:1].bcast(64)',      // 15
      '}',
    );
    const program = programOf(src);
    const fp = (line: number) => footprintOf(dstOf(program, line));

    it('are exact boxes for constant slices, one range per dimension of the tensor', () => {
      assert.strictEqual(footprintLabel(fp(6)), 't[0:64, 8:16]');
      assert.strictEqual(footprintLabel(fp(7)), 't[0:128:2, 0:64]');
      assert.strictEqual(footprintLabel(fp(12)), 't[3:4, 0:64]');
      assert.strictEqual(footprintLabel(fp(13)), 't');
    });

    it('take the whole dimension (inexact, labelled as written) when the bounds depend on registers', () => {
      const f = fp(11);
      assert.deepStrictEqual(f.dims[0], { start: 0, end: 128, step: 1, last: 127, exact: false, text: 'r1*8:r1*8+8' });
      assert.strictEqual(footprintLabel(f), 't[r1*8:r1*8+8, 0:64]');
      // It may overlap anything of its dimension, but covers nothing, not even itself.
      assert.ok(overlap(f, fp(12)));
      assert.ok(!covers(f, f));
      assert.ok(!covers(f, fp(12)));
      assert.ok(covers(fp(13), f));
    });

    it('overlap strided ranges exactly', () => {
      assert.strictEqual(overlap(fp(7), fp(8)), undefined, 'even and odd rows');
      assert.strictEqual(footprintLabel(overlap(fp(7), fp(9))!), 't[0:128:4, 0:64]');
      assert.strictEqual(overlap(fp(9), fp(8)), undefined, 'multiples of 4 and odd rows');
      // Rows 0, 6, 12, ...: multiples of both 2 and 3.
      assert.strictEqual(footprintLabel(overlap(fp(7), fp(10))!), 't[0:128:6, 0:64]');
      assert.strictEqual(footprintLabel(overlap(fp(8), fp(10))!), 't[3:128:6, 0:64]');
      assert.strictEqual(footprintLabel(overlap(fp(6), fp(12))!), 't[3:4, 8:16]');
      assert.strictEqual(overlap(fp(7), fp(12)), undefined, 'row 3 is odd');
      assert.ok(covers(fp(7), fp(9)));
      assert.ok(!covers(fp(9), fp(7)));
      assert.ok(covers(fp(8), fp(12)));
    });

    it('ignore .bcast and .T: the base elements are what is touched', () => {
      const copy = allNodes(program).find((n) => n.span.line === 15) as InstrNode;
      const src0 = copy.srcs[0];
      assert.ok(src0.kind === 'tensor');
      assert.strictEqual(footprintLabel(footprintOf(src0.ap)), 'c');
      const x = prog(
        'dram x : f32[64, 128] input = zeros',
        'func main() {',
        '  sbuf xT : f32[128, 64]',
        '  DmaCopy xT[0:128, 0:32] <- x[0:32, 0:128].T',
        '}',
      );
      const p2 = programOf(x);
      const dma = allNodes(p2)[0] as InstrNode;
      assert.ok(dma.srcs[0].kind === 'tensor');
      assert.strictEqual(footprintLabel(footprintOf(dma.srcs[0].ap)), 'x[0:32, 0:128]');
    });

    it('of registers always overlap and cover each other', () => {
      assert.ok(covers(registerFootprint(3), registerFootprint(3)));
      assert.strictEqual(overlap(registerFootprint(3), registerFootprint(4)), undefined);
      assert.strictEqual(footprintLabel(registerFootprint(3)), 'r3');
    });

    it('name the whole tensor alone, and keep every slice otherwise', () => {
      const t = program.functions.get('t::main')!.allocs[0];
      assert.strictEqual(footprintLabel(wholeFootprint(t)), 't');
      assert.strictEqual(footprintLabel(boxFootprint(t, [undefined, dimRange(0, 32, 1, true)])), 't[0:128, 0:32]');
    });
  });

  describe('effects', () => {
    it('of instructions: destinations written, operands, attributes and bounds read', () => {
      const src = prog(
        'func main() {',
        '  sbuf t : f32[128, 64]',
        '  sbuf m : f32[128, 128]',
        '  sbuf s : f32[128, 1]',
        '  psum acc : f32[128, 64]',
        '  Load r1 <- t[3, 7]',
        '  TensorScalar t[0:128, r1 : r1+8] <- t[0:128, 0:8], op = mul, scalar = s, op1 = add, scalar1 = r2',
        '  MatMult acc <- m, t, accumulate = r0 > 0',
        '  MatMult acc <- m, t, accumulate = 0',
        '  Assert.close t[0:1, 0:4], m[r3, 0:4], atol = r4',
        '}',
      );
      const program = programOf(src);
      const fx = new Effects(program);
      const at = (piece: string): Node => allNodes(program).find((n) => n.span.line === lineOf(src, piece))!;
      const show = (n: Node) => {
        const e = fx.nodeEffects(n);
        return { reads: e.reads.map((a) => footprintLabel(a.fp)), writes: e.writes.map((a) => footprintLabel(a.fp)) };
      };
      assert.deepStrictEqual(show(at('Load')), { reads: ['t[3:4, 7:8]'], writes: ['r1'] });
      assert.deepStrictEqual(show(at('TensorScalar')), { reads: ['t[0:128, 0:8]', 's', 'r2', 'r1'], writes: ['t[0:128, r1:r1+8]'] });
      assert.deepStrictEqual(show(at('accumulate = r0')), { reads: ['m', 't', 'r0', 'acc'], writes: ['acc'] });
      assert.deepStrictEqual(show(at('accumulate = 0')), { reads: ['m', 't'], writes: ['acc'] });
      // Evaluate-language operands: constant indices are exact, a register index is anywhere in its dimension.
      assert.deepStrictEqual(show(at('Assert.close')), { reads: ['t[0:1, 0:4]', 'r3', 'm[0:128, 0:4]', 'r4'], writes: [] });
    });

    it('of for and if: their headers, and their regions summarized', () => {
      const src = prog(
        'func main() {',
        '  sbuf t : f32[128, 64]',
        '  Set r1 = 4',
        '  for r0 in 0..r1 step r2 {',
        '    if r0 < r3 {',
        '      Memset t[0:64, 0:64] <- r4',
        '    }',
        '  }',
        '}',
      );
      const program = programOf(src);
      const fx = new Effects(program);
      const loop = allNodes(program).find((n) => n.kind === 'for')!;
      const branch = allNodes(program).find((n) => n.kind === 'if')!;
      const labels = (xs: readonly { fp: Parameters<typeof footprintLabel>[0]; may?: boolean }[]) => xs.map((a) => `${footprintLabel(a.fp)}${a.may ? '?' : ''}`);
      assert.deepStrictEqual(labels(fx.nodeEffects(loop).reads), ['r1', 'r2']);
      assert.deepStrictEqual(labels(fx.nodeEffects(loop).writes), ['r0']);
      assert.deepStrictEqual(labels(fx.nodeEffects(branch).reads), ['r0', 'r3']);
      assert.deepStrictEqual(labels(fx.nodeEffects(branch).writes), []);
      const deep = fx.deepEffects(loop);
      assert.deepStrictEqual(labels(deep.reads), ['r1', 'r2', 'r0', 'r3', 'r4']);
      assert.deepStrictEqual(labels(deep.writes), ['r0', 't[0:64, 0:64]?']);
    });

    it('summarize callees: which tensor parameters they read and write, through calls and recursion', () => {
      const src = prog(
        'dram log : f32[1, 4] output',
        'func main() {',
        '  sbuf a : f32[64, 64]',
        '  Memset a <- 0.0',
        '  call rec(a, 3)',
        '}',
        'func rec(d: f32[64, 64], r1) {',
        '  if r1 > 0 {',
        '    call rec(d, r1 - 1)',
        '  } else {',
        '    call fill(d)',
        '  }',
        '}',
        'func fill(x: f32[64, 64]) {',
        '  Memset x <- 1.0',
        '  call peek(x)',
        '}',
        'func peek(y: f32[64, 64]) {',
        '  Print "y =", y[0:1, 0:4]',
        '  DmaCopy log <- y[0:1, 0:4]',
        '}',
      );
      const program = programOf(src);
      const fx = new Effects(program);
      const s = (name: string) => fx.summary(program.functions.get(`t::${name}`)!);
      assert.deepStrictEqual(s('peek').params, [{ read: true, write: false }]);
      assert.deepStrictEqual(s('fill').params, [{ read: true, write: true }]);
      assert.deepStrictEqual(s('rec').params, [{ read: true, write: true }, { read: false, write: false }]);
      const log = s('rec').drams.get('d:t::log');
      assert.ok(log?.write && !log.read);
      assert.strictEqual(footprintLabel(log.write), 'log');
      assert.deepStrictEqual(s('main').params, []);
    });
  });

  describe('edges', () => {
    it('follow a chain Memset -> TensorScalar -> DmaCopy', () => {
      expectEdges(prog(
        'dram out : f32[128, 64] output',
        'func main() {',
        '  sbuf a : f32[128, 64]',
        '  sbuf b : f32[128, 64]',
        '  Memset a <- 1.0',
        '  TensorScalar b <- a, op = mul, scalar = 2',
        '  DmaCopy out <- b',
        '}',
      ), [
        ['Memset a', 'TensorScalar', 'memory', 'a'],
        ['TensorScalar', 'DmaCopy', 'memory', 'b'],
      ]);
    });

    it('go only to the writer of the overlapping part, labelled with the overlap', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf t : f32[128, 8]',
        '  sbuf u : f32[64, 8]',
        '  sbuf v : f32[64, 8]',
        '  sbuf w : f32[64, 8]',
        '  Memset t[0:64, 0:8] <- 1.0',
        '  Memset t[64:128, 0:8] <- 2.0',
        '  TensorCopy u <- t[0:64, 0:8]',
        '  TensorCopy v <- t[64:128, 0:8]',
        '  TensorCopy w <- t[32:96, 0:8]',
        '  Print "t =", t',
        '}',
      ), [
        ['Memset t[0:64', 'TensorCopy u', 'memory', 't[0:64, 0:8]'],
        ['Memset t[64:128', 'TensorCopy v', 'memory', 't[64:128, 0:8]'],
        ['Memset t[0:64', 'TensorCopy w', 'memory', 't[32:64, 0:8]'],
        ['Memset t[64:128', 'TensorCopy w', 'memory', 't[64:96, 0:8]'],
        ['Memset t[0:64', 'Print', 'memory', 't[0:64, 0:8]'],
        ['Memset t[64:128', 'Print', 'memory', 't[64:128, 0:8]'],
      ]);
    });

    it('stop at a later write that covers the read, and skip writes whose overlap was overwritten', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf t : f32[128, 8]',
        '  sbuf u : f32[64, 8]',
        '  Memset t[0:64, 0:8] <- 1.0',
        '  Memset t <- 0.0',
        '  Memset t[0:128, 0:4] <- 3.0',
        '  TensorCopy u <- t[0:64, 0:8]',
        '  Memset t[0:32, 0:8] <- 4.0',
        '  Memset t[0:64, 0:4] <- 5.0',
        '  Print "left =", t[0:128, 0:4]',
        '}',
      ), [
        // The whole-tensor write hides the first; the last partial write shows the part it wrote.
        ['Memset t[0:128, 0:4] <- 3.0', 'TensorCopy u', 'memory', 't[0:64, 0:4]'],
        ['Memset t <- 0.0', 'TensorCopy u', 'memory', 't[0:64, 0:8]'],
        // Rows 0:32 of the left half were overwritten by the 5.0 write: the 4.0 write does not reach the Print.
        ['Memset t[0:64, 0:4] <- 5.0', 'Print', 'memory', 't[0:64, 0:4]'],
        // The label is the overlap of the write and the read (not what is left of it after later writes).
        ['Memset t[0:128, 0:4] <- 3.0', 'Print', 'memory', 't[0:128, 0:4]'],
      ]);
    });

    it('reach into a loop from before it, and carry a loop body\'s writes to its next iteration', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf a : f32[128, 64]',
        '  sbuf s : f32[128, 64]',
        '  Memset a <- 0.0',
        '  for r0 in 0..4 {',
        '    TensorScalar a <- a, op = add, scalar = 1',
        '  }',
        '  TensorCopy s <- a',
        '}',
      ), [
        ['Memset a', 'TensorScalar', 'memory', 'a'],
        ['TensorScalar', 'TensorScalar', 'memory', 'a'],
        // The loop surely runs (0..4): its write hides the Memset from the copy after it.
        ['TensorScalar', 'TensorCopy', 'memory', 'a'],
      ]);
    });

    it('keep the writes before a loop that may not run, and carry back only what the iteration does not hide', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf b : f32[128, 64]',
        '  sbuf s : f32[128, 64]',
        '  sbuf u : f32[128, 64]',
        '  sbuf v : f32[128, 64]',
        '  Set r1 = 3',
        '  Memset b <- 0.0',
        '  for r0 in 0..r1 {',
        '    TensorCopy s <- b',
        '    Memset b <- 1.0',
        '    TensorCopy u <- b',
        '    Memset b <- 2.0',
        '  }',
        '  TensorCopy v <- b',
        '}',
      ), [
        ['Set r1', 'for r0', 'register', 'r1'],
        ['Memset b <- 0.0', 'TensorCopy s', 'memory', 'b'],
        ['Memset b <- 2.0', 'TensorCopy s', 'memory', 'b'],
        ['Memset b <- 1.0', 'TensorCopy u', 'memory', 'b'],
        ['Memset b <- 0.0', 'TensorCopy v', 'memory', 'b'],
        ['Memset b <- 2.0', 'TensorCopy v', 'memory', 'b'],
      ]);
    });

    it('carry writes around nested loops', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf t : f32[128, 64]',
        '  sbuf u : f32[128, 64]',
        '  sbuf v : f32[128, 64]',
        '  Memset t <- 0.0',
        '  for r0 in 0..2 {',
        '    for r1 in 0..2 {',
        '      TensorCopy u <- t',
        '      Memset v <- 1.0',
        '    }',
        '    TensorCopy u <- v',
        '    Memset t <- 1.0',
        '  }',
        '}',
      ), [
        ['Memset t <- 0.0', 'TensorCopy u <- t', 'memory', 't'],
        // Written after the inner loop, read by it in the next iteration of the outer one.
        ['Memset t <- 1.0', 'TensorCopy u <- t', 'memory', 't'],
        ['Memset v', 'TensorCopy u <- v', 'memory', 'v'],
      ]);
    });

    it('never join the two arms of one if, except across iterations of a loop', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf t : f32[128, 64]',
        '  sbuf u : f32[128, 64]',
        '  sbuf v : f32[128, 64]',
        '  sbuf w : f32[128, 64]',
        '  Set r1 = 1',
        '  Memset t <- 0.0',
        '  if r1 > 0 {',
        '    Memset t <- 1.0',
        '  } else {',
        '    TensorCopy u <- t',
        '  }',
        '  TensorCopy v <- t',
        '  for r0 in 0..4 {',
        '    if r0 < 2 {',
        '      Memset w <- 2.0',
        '    } else {',
        '      TensorCopy u <- w',
        '    }',
        '  }',
        '}',
      ), [
        ['Set r1', 'if r1 > 0', 'register', 'r1'],
        ['Memset t <- 0.0', 'TensorCopy u <- t', 'memory', 't'],
        ['Memset t <- 1.0', 'TensorCopy v', 'memory', 't'],
        ['Memset t <- 0.0', 'TensorCopy v', 'memory', 't'],
        ['for r0', 'if r0 < 2', 'register', 'r0'],
        ['Memset w', 'TensorCopy u <- w', 'memory', 'w'],
      ]);
    });

    it('through registers: Set to its users, a loop\'s register from its for, a register carried around a loop', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf t : f32[128, 64]',
        '  Set r1 = 4',
        '  Memset t[0:64, 0:64] <- r1',
        '  Set r2 = 0',
        '  for r0 in 0..2 {',
        '    Memset t[r0*64 : r0*64+64, 0:64] <- 1.0',
        '    Set r2 = r2 + r0',
        '  }',
        '  Print "r2 =", r2, "r0 =", r0',
        '}',
      ), [
        ['Set r1', 'Memset t[0:64', 'register', 'r1'],
        ['for r0', 'Memset t[r0*64', 'register', 'r0'],
        ['Set r2 = 0', 'Set r2 = r2 + r0', 'register', 'r2'],
        ['Set r2 = r2 + r0', 'Set r2 = r2 + r0', 'register', 'r2'],
        ['for r0', 'Set r2 = r2 + r0', 'register', 'r0'],
        ['Set r2 = r2 + r0', 'Print', 'register', 'r2'],
        ['for r0', 'Print', 'register', 'r0'],
      ]);
    });

    it('through calls: a callee that writes its parameter writes the argument, one that reads it reads it', () => {
      const g = expectEdges(prog(
        'dram out : f32[64, 64] output',
        'dram keep : f32[64, 64]',
        'func main() {',
        '  sbuf a : f32[128, 64]',
        '  sbuf k : f32[64, 64]',
        '  Memset a <- 1.0',
        '  call fill(a[64:128, 0:64])',
        '  call show(a[0:64, 0:64])',
        '  call show(a[64:128, 0:64])',
        '  DmaCopy out <- a[64:128, 0:64]',
        '  call store()',
        '  DmaCopy k <- keep',
        '}',
        'func fill(d: f32[64, 64]) {',
        '  Memset d <- 2.0',
        '}',
        'func show(s: f32[64, 64]) {',
        '  Print "s =", s[0:1, 0:4]',
        '}',
        'func store() {',
        '  sbuf z : f32[64, 64]',
        '  Memset z <- 0.0',
        '  DmaCopy keep <- z',
        '}',
      ), [
        ['Memset a', 'call show(a[0:64', 'memory', 'a[0:64, 0:64]'],
        // A call's write may be partial: it does not hide the Memset.
        ['Memset a', 'call show(a[64:128', 'memory', 'a[64:128, 0:64]'],
        ['call fill', 'call show(a[64:128', 'memory', 'a[64:128, 0:64]'],
        ['Memset a', 'DmaCopy out', 'memory', 'a[64:128, 0:64]'],
        ['call fill', 'DmaCopy out', 'memory', 'a[64:128, 0:64]'],
        // DRAM a callee writes by name.
        ['call store', 'DmaCopy k <- keep', 'memory', 'keep'],
      ]);
      const call = g.nodes.find((n) => n.kind === 'call' && n.label.startsWith('call fill'));
      assert.strictEqual(call?.callee, 't::fill');
      assert.strictEqual(call?.engine, 'SP');
    });

    it('read the destination of MatMult when it accumulates', () => {
      expectEdges(prog(
        'func main() {',
        '  sbuf m : bf16[128, 128]',
        '  sbuf w : bf16[128, 64]',
        '  psum acc : f32[128, 64]',
        '  sbuf o : f32[128, 64]',
        '  Memset m <- 1.0',
        '  Memset w <- 1.0',
        '  MatMult acc <- m, w',
        '  MatMult acc <- m, w, accumulate = 1',
        '  MatMult acc <- m, w, accumulate = 0',
        '  TensorCopy o <- acc',
        '}',
      ), [
        ['Memset m', '=MatMult acc <- m, w', 'memory', 'm'],
        ['Memset w', '=MatMult acc <- m, w', 'memory', 'w'],
        ['Memset m', 'accumulate = 1', 'memory', 'm'],
        ['Memset w', 'accumulate = 1', 'memory', 'w'],
        ['=MatMult acc <- m, w', 'accumulate = 1', 'memory', 'acc'],
        ['Memset m', 'accumulate = 0', 'memory', 'm'],
        ['Memset w', 'accumulate = 0', 'memory', 'w'],
        ['accumulate = 0', 'TensorCopy', 'memory', 'acc'],
      ]);
    });

    it('of Print and Assert: the tensors and registers their expressions name', () => {
      expectEdges(prog(
        'const H = 64',
        'func main() {',
        '  sbuf t : f32[128, 64]',
        '  Memset t[0:64, 0:64] <- 1.0',
        '  Memset t[64:128, 0:64] <- 2.0',
        '  Set r3 = 5',
        '  Print "first:", t[0:1, 0:4], "r3 =", r3',
        '  Print "second:", t[H:2*H, 0:4]',
        '  Assert all(t[64:128, :] > 0), "positive"',
        '  Assert.close t[0:64, 0:64], t[64:128, 0:64], atol = 10',
        '  Assert sum(t) > r3',
        '}',
      ), [
        ['Memset t[0:64', 'Print "first:"', 'memory', 't[0:1, 0:4]'],
        ['Set r3', 'Print "first:"', 'register', 'r3'],
        ['Memset t[64:128', 'Print "second:"', 'memory', 't[64:128, 0:4]'],
        ['Memset t[64:128', 'Assert all', 'memory', 't[64:128, 0:64]'],
        ['Memset t[0:64', 'Assert.close', 'memory', 't[0:64, 0:64]'],
        ['Memset t[64:128', 'Assert.close', 'memory', 't[64:128, 0:64]'],
        ['Memset t[0:64', 'Assert sum', 'memory', 't[0:64, 0:64]'],
        ['Memset t[64:128', 'Assert sum', 'memory', 't[64:128, 0:64]'],
        ['Set r3', 'Assert sum', 'register', 'r3'],
      ]);
    });

    it('through .T views, in the base tensor\'s index space', () => {
      expectEdges(prog(
        'dram x : f32[64, 128]',
        'dram y : f32[32, 64] output',
        'func main() {',
        '  sbuf xs : f32[64, 128]',
        '  sbuf xT : f32[128, 64]',
        '  Memset xs <- 1.0',
        '  DmaCopy x[0:32, 0:128] <- xs[0:32, 0:128]',
        '  DmaCopy xT[0:128, 0:32] <- x[0:32, 0:128].T',
        '  DmaCopy xT[0:128, 32:64] <- x[32:64, 0:128].T',
        '  DmaCopy y <- xT[0:64, 0:32].T',
        '  DmaCopy y.T <- xT[0:64, 32:64]',
        '}',
      ), [
        ['Memset xs', 'DmaCopy x[0:32', 'memory', 'xs[0:32, 0:128]'],
        ['DmaCopy x[0:32', 'DmaCopy xT[0:128, 0:32]', 'memory', 'x[0:32, 0:128]'],
        ['DmaCopy xT[0:128, 0:32]', 'DmaCopy y <-', 'memory', 'xT[0:64, 0:32]'],
        ['DmaCopy xT[0:128, 32:64]', 'DmaCopy y.T', 'memory', 'xT[0:64, 32:64]'],
      ]);
    });
  });

  describe('nodes and regions', () => {
    const src = prog(
      'const N = 4',
      'func main() {',
      '  sbuf t : f32[128, 64]',
      '  for r0 in 0..2 {',
      '    Memset t <- 1.0',
      '    if r0 < 1 {',
      '      Memset t <- 2.0',
      '    } else if r0 < 2 {',
      '      Memset t <- 3.0',
      '    } else {',
      '      return',
      '    }',
      '  }',
      '  for r1 in 0..N*2 step 2 {',
      '    call leaf(t[0:64, 0:64], r1)',
      '  }',
      '}',
      'func leaf(d: f32[64, 64], r2) {',
      '  Memset d <- r2',
      '}',
    );

    function shape(g: FunctionGraph) {
      const short = (id: string | undefined) => (id === undefined ? '-' : id.replace(/^t::main@/, ''));
      return {
        nodes: g.nodes.map((n) => `${short(n.id)} ${n.kind} ${n.opcode} ${n.engine} in ${short(n.region)}: ${n.label}`),
        regions: g.regions.map((r) => `${short(r.id)} ${r.kind} of ${short(r.owner)} in ${short(r.parent)}: ${r.label}`),
      };
    }

    it('lists every node in program order, nested regions included, with regions that nest as the source does', () => {
      const { graph } = graphOf(src);
      assert.strictEqual(graph.function, 't::main');
      const l = (piece: string) => lineOf(src, piece);
      assert.deepStrictEqual(shape(graph), {
        nodes: [
          `${l('for r0')}:3 for for SP in -: for r0 in 0..2`,
          `${l('Memset t <- 1.0')}:5 instr Memset POOL in ${l('for r0')}:3/loop: Memset t <- 1.0`,
          `${l('if r0 < 1')}:5 if if SP in ${l('for r0')}:3/loop: if r0 < 1`,
          `${l('Memset t <- 2.0')}:7 instr Memset POOL in ${l('if r0 < 1')}:5/then: Memset t <- 2.0`,
          `${l('if r0 < 2')}:12 if if SP in ${l('if r0 < 1')}:5/else: if r0 < 2`,
          `${l('Memset t <- 3.0')}:7 instr Memset POOL in ${l('if r0 < 2')}:12/then: Memset t <- 3.0`,
          `${l('return')}:7 return return SP in ${l('if r0 < 2')}:12/else: return`,
          `${l('for r1')}:3 for for SP in -: for r1 in 0..N*2 step 2`,
          `${l('call leaf')}:5 call call SP in ${l('for r1')}:3/loop: call leaf(t[0:64, 0:64], r1)`,
        ],
        regions: [
          `${l('for r0')}:3/loop loop of ${l('for r0')}:3 in -: for r0 in 0..2`,
          `${l('if r0 < 1')}:5/then then of ${l('if r0 < 1')}:5 in ${l('for r0')}:3/loop: if r0 < 1 [then]`,
          `${l('if r0 < 1')}:5/else else of ${l('if r0 < 1')}:5 in ${l('for r0')}:3/loop: if r0 < 1 [else]`,
          `${l('if r0 < 2')}:12/then then of ${l('if r0 < 2')}:12 in ${l('if r0 < 1')}:5/else: if r0 < 2 [then]`,
          `${l('if r0 < 2')}:12/else else of ${l('if r0 < 2')}:12 in ${l('if r0 < 1')}:5/else: if r0 < 2 [else]`,
          `${l('for r1')}:3/loop loop of ${l('for r1')}:3 in -: for r1 in 0..N*2 step 2`,
        ],
      });
      assert.strictEqual(graph.nodes.find((n) => n.kind === 'call')?.callee, 't::leaf');
    });

    it('rebuilds the headers from the IR without the program\'s sources', () => {
      const program = programOf(src);
      const g = buildGraph(program.functions.get('t::main')!);
      assert.deepStrictEqual(g.regions.map((r) => r.label), [
        'for r0 in 0..2', 'if r0 < 1 [then]', 'if r0 < 1 [else]', 'if r0 < 2 [then]', 'if r0 < 2 [else]', 'for r1 in 0..8 step 2',
      ]);
      assert.strictEqual(g.nodes.find((n) => n.kind === 'call')?.label, 'call leaf(t[0:64, 0:64], r1)');
      // The same edges either way.
      assert.deepStrictEqual(g.edges, graphOf(src).graph.edges);
    });

    it('cuts very long labels', () => {
      const long = 'x'.repeat(300);
      const { graph } = graphOf(prog('func main() {', `  Print "${long}"`, '}'));
      const label = graph.nodes[0].label;
      assert.strictEqual(label.length, MAX_LABEL);
      assert.ok(label.startsWith('Print "xxx') && label.endsWith('…'));
    });
  });

  describe('JSON and DOT', () => {
    const src = prog(
      'func main() {',
      '  sbuf t : f32[128, 64]',
      '  Memset t <- 1.0',
      '  for r0 in 0..2 {',
      '    if r0 < 1 {',
      '      TensorScalar t <- t, op = add, scalar = r0',
      '    }',
      '  }',
      '  Print "say \\"hi\\" \\\\ {x} <y> |z|", t[0:1, 0:2]',
      '}',
    );

    it('JSON is a plain copy with exactly the FunctionGraph fields', () => {
      const { graph } = graphOf(src);
      const json = graphToJson(graph);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(json)), json);
      // The built graph is compact (engine/graph/compact-graph.ts): its fields as FunctionGraph has them.
      assert.deepStrictEqual(json, { function: graph.function, nodes: graph.nodes, regions: graph.regions, edges: graph.edges });
      assert.notStrictEqual(json.nodes[0], graph.nodes[0]);
      const keys = new Set(json.nodes.flatMap((n) => Object.keys(n)));
      for (const k of keys) assert.ok(['id', 'kind', 'opcode', 'engine', 'label', 'span', 'region', 'callee', 'destination'].includes(k), k);
    });

    it('DOT escapes labels and nests clusters as the regions nest', () => {
      const { graph } = graphOf(src);
      const print = graph.nodes.find((n) => n.opcode === 'Print')!;
      assert.strictEqual(print.label, 'Print "say \\"hi\\" \\\\ {x} <y> |z|", t[0:1, 0:2]');
      const dot = graphToDot(graph);
      const parsed = parseDot(dot);
      assert.strictEqual(parsed.labels.get(print.id), print.label);
      checkDot(graph, dot);
      // The loop's cluster holds the if's cluster, which holds the TensorScalar.
      const loop = dot.indexOf('label="for r0 in 0..2"');
      const arm = dot.indexOf('label="if r0 < 1 [then]"');
      const ts = dot.indexOf('label="TensorScalar');
      assert.ok(loop > 0 && loop < arm && arm < ts);
      assert.match(dot, /fillcolor="#a5d8ff"/);
      assert.match(dot, /\[label="r0", style=dashed\]/);
      // The loop-carried self edge does not constrain the layout.
      assert.match(dot, /-> "t::main@7:7" \[label="t", constraint=false/);
    });
  });

  describe('the examples', () => {
    const dir = path.resolve(__dirname, '../../examples');
    const files = [
      ...fs.readdirSync(dir).filter((f) => f.endsWith('.bir')).map((f) => path.join(dir, f)),
      ...fs.readdirSync(path.join(dir, 'faults')).filter((f) => f.endsWith('.bir')).map((f) => path.join(dir, 'faults', f)),
    ];

    it('are all there', () => {
      assert.ok(files.length >= 8);
    });

    for (const file of files) {
      it(`${path.relative(dir, file)}: every node once, regions as in the source, edges between nodes, plausible DOT`, () => {
        const r = checkProgram(file);
        assert.ok(r.program, `${file} does not check`);
        const program = r.program;
        const graphs = buildProgramGraphs(program);
        assert.deepStrictEqual(graphs.map((g) => g.function), [...program.functions.keys()]);
        const allIds = new Set<string>();
        for (const g of graphs) {
          const fn = program.functions.get(g.function)!;
          checkAgainstIr(fn, g);
          for (const n of g.nodes) {
            assert.ok(!allIds.has(n.id), `duplicate id ${n.id}`);
            allIds.add(n.id);
          }
          checkDot(g, graphToDot(g));
          assert.deepStrictEqual(JSON.parse(JSON.stringify(graphToJson(g))), graphToJson(g));
        }
        assert.strictEqual(allIds.size, allNodes(program).length);
      });
    }
  });

  describe('a generated 10,000-instruction program', () => {
    it('builds, with every edge between nodes of the function', function () {
      this.timeout(60000);
      const src = generated(10000, 7);
      const program = programOf(src, 'gen.bir');
      const fn = program.main;
      const g = buildGraph(fn, { program });
      assert.strictEqual(g.nodes.length, 10000);
      checkAgainstIr(fn, g);
      assert.ok(g.edges.length > 5000);
      // Spot check: a read right after a whole-tensor write depends on that write alone.
      checkDot(g, graphToDot(g));
    });
  });
});

// ---------------------------------------------------------------------------
// structure checks shared by the examples and the generated program

function regionId(region: Region): string | undefined {
  return region.owner ? `${region.owner.id}/${region.kind}` : undefined;
}

function checkAgainstIr(fn: FunctionIR, g: FunctionGraph): void {
  const ir: Node[] = [];
  forEachNode(fn.body, (n) => ir.push(n));
  assert.deepStrictEqual(g.nodes.map((n) => n.id), ir.map((n) => n.id), 'nodes in program order');
  assert.strictEqual(new Set(g.nodes.map((n) => n.id)).size, g.nodes.length, 'unique ids');
  const regions = new Map(g.regions.map((r) => [r.id, r]));
  assert.strictEqual(regions.size, g.regions.length, 'unique region ids');
  let expectedRegions = 0;
  g.nodes.forEach((n, i) => {
    const node = ir[i];
    assert.strictEqual(n.region, regionId(node.region), `region of ${n.id}`);
    assert.strictEqual(n.kind, node.kind);
    assert.ok(n.label.length > 0 && !n.label.includes('\n'));
    const owned = node.kind === 'for' ? [node.body] : node.kind === 'if' ? [node.then, ...(node.else ? [node.else] : [])] : [];
    for (const region of owned) {
      expectedRegions++;
      const r = regions.get(regionId(region)!);
      assert.ok(r, `region of ${node.id}`);
      assert.strictEqual(r.owner, node.id);
      assert.strictEqual(r.kind, region.kind);
      assert.strictEqual(r.parent, regionId(node.region));
    }
  });
  assert.strictEqual(g.regions.length, expectedRegions);
  const ids = new Set(g.nodes.map((n) => n.id));
  for (const e of g.edges) {
    assert.ok(ids.has(e.from) && ids.has(e.to), `edge ${e.from} -> ${e.to}`);
    assert.ok(e.kind === 'memory' || e.kind === 'register');
    assert.ok(e.label.length > 0);
  }
  const keys = g.edges.map((e) => `${e.from} ${e.to} ${e.kind}`);
  assert.strictEqual(new Set(keys).size, keys.length, 'one edge per pair and kind');
}

interface ParsedDot {
  readonly digraphs: number;
  readonly declared: Map<string, number>;
  readonly labels: Map<string, string>;
  readonly edges: [string, string][];
}

/** A small DOT reader: strings (with escapes), words and punctuation; braces must balance outside strings. */
function parseDot(dot: string): ParsedDot {
  type Tok = { kind: 'str' | 'word' | 'punct'; text: string };
  const toks: Tok[] = [];
  for (let i = 0; i < dot.length;) {
    const c = dot[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      let text = '';
      i++;
      while (i < dot.length && dot[i] !== '"') {
        if (dot[i] === '\\') {
          const next = dot[i + 1];
          text += next === 'n' ? '\n' : next;
          i += 2;
        } else {
          assert.notStrictEqual(dot[i], '\n', 'a raw newline inside a DOT string');
          text += dot[i++];
        }
      }
      assert.ok(i < dot.length, 'unterminated string');
      i++;
      toks.push({ kind: 'str', text });
    } else if (dot.startsWith('->', i)) {
      toks.push({ kind: 'punct', text: '->' });
      i += 2;
    } else if (/[{}[\];=,]/.test(c)) {
      toks.push({ kind: 'punct', text: c });
      i++;
    } else {
      const m = /^[A-Za-z0-9_.#-]+/.exec(dot.slice(i));
      assert.ok(m, `unexpected character '${c}' in DOT at ${i}`);
      toks.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    }
  }
  let depth = 0;
  let digraphs = 0;
  const declared = new Map<string, number>();
  const labels = new Map<string, string>();
  const edges: [string, string][] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind === 'punct' && t.text === '{') depth++;
    if (t.kind === 'punct' && t.text === '}') {
      depth--;
      assert.ok(depth >= 0, 'unbalanced }');
    }
    if (t.kind === 'word' && t.text === 'digraph') digraphs++;
    const prev = toks[i - 1];
    const next = toks[i + 1];
    if (t.kind === 'str' && next?.text === '->') {
      assert.strictEqual(toks[i + 2]?.kind, 'str', 'edge target is a quoted id');
      edges.push([t.text, toks[i + 2].text]);
    } else if (t.kind === 'str' && next?.text === '[' && prev?.text !== '->' && prev?.text !== '=') {
      declared.set(t.text, (declared.get(t.text) ?? 0) + 1);
      for (let j = i + 2; j < toks.length && toks[j].text !== ']'; j++) {
        if (toks[j].text === 'label' && toks[j + 1]?.text === '=') labels.set(t.text, toks[j + 2].text);
      }
    }
  }
  assert.strictEqual(depth, 0, 'unbalanced braces');
  return { digraphs, declared, labels, edges };
}

function checkDot(g: FunctionGraph, dot: string): void {
  const p = parseDot(dot);
  assert.strictEqual(p.digraphs, 1);
  assert.ok(dot.trimStart().startsWith('digraph '));
  assert.strictEqual(p.declared.size, g.nodes.length);
  for (const n of g.nodes) {
    assert.strictEqual(p.declared.get(n.id), 1, `node ${n.id} declared once`);
    assert.strictEqual(p.labels.get(n.id), n.label);
  }
  assert.strictEqual(p.edges.length, g.edges.length);
  for (const [a, b] of p.edges) assert.ok(p.declared.has(a) && p.declared.has(b));
  const clusters = (dot.match(/subgraph "cluster_/g) ?? []).length;
  assert.strictEqual(clusters, g.regions.length);
}

/** A loop-free program of `count` instructions over four tensors, with varied slices (deterministic). */
function generated(count: number, seed: number): string {
  let state = seed;
  const rand = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
  const tensors = ['a', 'b', 'c', 'd'];
  const parts = [[0, 128], [0, 64], [64, 128], [32, 96], [0, 32], [96, 128]];
  const lines = ['module gen', 'func main() {', ...tensors.map((t) => `  sbuf ${t} : f32[128, 512]`)];
  for (let i = 0; i < count; i++) {
    const [p0, p1] = parts[rand(parts.length)];
    const len = [32, 64, 128, 256][rand(4)];
    const step = rand(5) === 0 ? 2 : 1;
    const span = len * step;
    const slice = (t: string): string => {
      const f0 = rand((512 - span) / 32 + 1) * 32;
      return `${t}[${p0}:${p1}, ${f0}:${f0 + span}${step === 2 ? ':2' : ''}]`;
    };
    const t = () => tensors[rand(tensors.length)];
    switch (i < 4 ? 0 : rand(4)) {
      case 0: lines.push(`  Memset ${i < 4 ? tensors[i] : slice(t())} <- ${i % 7}.0`); break;
      case 1: lines.push(`  TensorCopy ${slice(t())} <- ${slice(t())}`); break;
      case 2: lines.push(`  TensorTensor ${slice(t())} <- ${slice(t())}, ${slice(t())}, op = add`); break;
      default: lines.push(`  TensorScalar ${slice(t())} <- ${slice(t())}, op = mul, scalar = 0.5`); break;
    }
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
