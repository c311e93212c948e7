// The compiler passes (engine/passes/): what each pass changes on hand-written programs (the exact ids in
// changes.added/removed/fused/moved, the reasons) and what it keeps; then the equivalence the pipeline promises:
// every example through every pass, and through several pipelines, computes DRAM bit for bit as the program as
// written does, and every snapshot is a well-formed program (unique ids, nodes that know their region and
// function, regions that know their owner).
//
// Programs name their nodes by a piece of their source line: `id(src, 'Memset tmp')` is the id the checker
// gives the node that starts on that line (`m::main@12:3`).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { forEachNode } from '../../engine/ir/numbering';
import { FunctionIR, InstrNode, Node, Operand, Program, Region } from '../../engine/ir/program';
import { printScalar } from '../../engine/ir/print';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { RunOptions, runProgram } from '../../engine/run/simulate';
import { PassName } from '../../engine/passes/registry';
import { PASS_NAMES, runPipeline, Snapshot } from '../../engine/passes/pipeline';
import { programOf } from '../helpers/virtual-host';
import { allNodes } from '../../engine/passes/pass';

const EXAMPLES = path.resolve(__dirname, '../../examples');

// ---------------------------------------------------------------------------
// helpers

/** The one line of src that contains the piece (1-based). */
function lineOf(src: string, piece: string): number {
  const found = src.split('\n').flatMap((l, i) => (l.includes(piece) ? [i + 1] : []));
  assert.strictEqual(found.length, 1, `'${piece}' should name exactly one line, it names ${found.length}`);
  return found[0];
}

/** The id of the node written on the line that contains `piece`, starting where the piece starts. */
function id(src: string, piece: string, fn = 'main', module = 'm'): string {
  const line = lineOf(src, piece);
  const col = src.split('\n')[line - 1].indexOf(piece) + 1;
  return `${module}::${fn}@${line}:${col}`;
}

function pipeline(src: string, passes: PassName[]): Snapshot[] {
  return runPipeline(programOf(src), passes);
}

/** One pass over a program: the snapshot it made. */
function pass(src: string, name: PassName): Snapshot {
  return pipeline(src, [name])[1];
}

function operandText(o: Operand | undefined): string {
  if (!o) return '';
  switch (o.kind) {
    case 'tensor': return o.ap.text;
    case 'scalar': return printScalar(o.expr);
    case 'register': return `r${o.index}`;
    case 'string': return JSON.stringify(o.value);
    case 'eval': return o.text;
  }
}

/** A node as one line: `Set r0 = 3`, `TensorScalar f__tmp <- y[0:4, 2:6], scalar=r0`, `for r0`, `call m::f`. */
function show(n: Node): string {
  switch (n.kind) {
    case 'instr': {
      if (n.opcode === 'Set') return `Set ${operandText(n.dst)} = ${operandText(n.srcs[0])}`;
      const attrs = [...n.attrs].filter(([, v]) => v.kind === 'operand').map(([k, v]) => `${k}=${v.kind === 'operand' ? operandText(v.operand) : ''}`);
      return `${n.opcode} ${operandText(n.dst)} <- ${[...n.srcs.map(operandText), ...attrs].join(', ')}`.trim();
    }
    case 'for': return `for r${n.register}`;
    case 'if': return 'if';
    case 'call': return `call ${n.callee.fullName}`;
    case 'return': return 'return';
  }
}

/** The nodes of a function in program order (nested regions included), as [id, text]. */
function listing(program: Program, fn = 'main'): [string, string][] {
  const f = [...program.functions.values()].find((x) => x.name === fn);
  assert.ok(f, `no function ${fn}`);
  const out: [string, string][] = [];
  forEachNode(f.body, (n) => out.push([n.id, show(n)]));
  return out;
}

function nodeById(program: Program, nodeId: string): Node {
  const n = allNodes(program).find((x) => x.id === nodeId);
  assert.ok(n, `no node ${nodeId}; nodes: ${allNodes(program).map((x) => x.id).join(', ')}`);
  return n;
}

function instr(program: Program, nodeId: string): InstrNode {
  const n = nodeById(program, nodeId);
  assert.strictEqual(n.kind, 'instr', `${nodeId} is an instruction`);
  return n as InstrNode;
}

/**
 * A snapshot's program is well formed: Program.nodes is every node of every function once, in order, with
 * its index; ids are unique; every node's fn and region are where it is; every region knows its function,
 * owner and parent; calls name functions of this program; operands name tensors of their function.
 */
function checkStructure(program: Program, what: string): void {
  const seen: Node[] = [];
  const ids = new Set<string>();
  const fns = new Set(program.functions.values());
  assert.ok(fns.has(program.main), `${what}: main is a function of the program`);
  const walk = (region: Region, fn: FunctionIR, owner: Node | undefined, parent: Region | undefined): void => {
    assert.strictEqual(region.fn, fn, `${what}: a region of ${fn.fullName} knows its function`);
    assert.strictEqual(region.owner, owner, `${what}: a region of ${fn.fullName} knows its owner (${owner?.id})`);
    assert.strictEqual(region.parent, parent, `${what}: a region of ${fn.fullName} knows its parent`);
    for (const n of region.nodes) {
      seen.push(n);
      assert.ok(!ids.has(n.id), `${what}: node id ${n.id} is unique`);
      ids.add(n.id);
      assert.strictEqual(n.fn, fn, `${what}: ${n.id} is in ${fn.fullName}`);
      assert.strictEqual(n.region, region, `${what}: ${n.id} knows its region`);
      if (n.kind === 'call') assert.ok(fns.has(n.callee), `${what}: ${n.id} calls a function of this program`);
      if (n.kind === 'for') walk(n.body, fn, n, region);
      if (n.kind === 'if') {
        walk(n.then, fn, n, region);
        if (n.else) walk(n.else, fn, n, region);
      }
      if (n.inlined) assert.ok(program.functions.has(n.inlined.from.fullName), `${what}: ${n.id} was inlined from a function of the program`);
      if (n.kind === 'instr') {
        for (const m of n.members ?? []) assert.ok(!ids.has(m.id) || m.id === n.id, `${what}: member ${m.id} of ${n.id} is not also a node`);
        const operands = [n.dst, ...n.srcs, ...[...n.attrs.values()].flatMap((v) => (v.kind === 'operand' ? [v.operand] : [])), ...(n.members ?? []).flatMap((m) => [m.dst, ...m.srcs])];
        for (const o of operands) {
          if (o?.kind !== 'tensor') continue;
          const t = o.ap.tensor;
          if (t.kind === 'alloc') assert.ok(fn.allocs.includes(t), `${what}: ${n.id} uses '${t.name}', an allocation of ${fn.fullName}`);
          if (t.kind === 'param') assert.ok(fn.params.includes(t), `${what}: ${n.id} uses '${t.name}', a parameter of ${fn.fullName}`);
          if (t.kind === 'dram') assert.strictEqual(program.drams[t.slot], t, `${what}: ${n.id} uses dram '${t.name}' of the program`);
        }
      }
    }
  };
  for (const fn of program.functions.values()) {
    assert.strictEqual(program.functions.get(fn.fullName), fn, `${what}: ${fn.fullName} is listed under its name`);
    walk(fn.body, fn, undefined, undefined);
  }
  assert.strictEqual(allNodes(program).length, seen.length, `${what}: Program.nodes lists every node`);
  seen.forEach((n, i) => {
    // Nodes are made objects on demand: the program's i-th node is the one the region lists, by its id.
    assert.strictEqual(allNodes(program)[i].id, n.id, `${what}: Program.nodes[${i}] is ${n.id}`);
    assert.strictEqual(n.index, i, `${what}: ${n.id} has index ${i}`);
  });
  // Allocation names stay unique per function (inline adopts the callee's as `callee__name`).
  for (const fn of program.functions.values()) {
    const names = fn.allocs.map((a) => a.name);
    assert.strictEqual(new Set(names).size, names.length, `${what}: allocation names of ${fn.fullName} are unique`);
  }
}

interface RunSummary {
  readonly outcome: string;
  /** Every DRAM tensor's bytes and written flags. */
  readonly drams: { name: string; bytes: Buffer; written: Buffer }[];
  /** Print output per core, in order. */
  readonly prints: string[][];
}

function execute(program: Program, options: RunOptions = {}): RunSummary {
  const prints: string[][] = Array.from({ length: options.cores ?? 1 }, () => []);
  const { outcome, machine } = runProgram(program, { ...options, output: (text, core) => prints[core].push(text) });
  const drams = machine.drams.map((t) => ({
    name: t.name,
    bytes: Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength),
    written: Buffer.from(t.written),
  }));
  return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.message}` : outcome.kind, drams, prints };
}

function assertSameRun(actual: RunSummary, expected: RunSummary, what: string): void {
  assert.strictEqual(actual.outcome, expected.outcome, `${what}: outcome`);
  assert.strictEqual(actual.drams.length, expected.drams.length, `${what}: DRAM tensors`);
  expected.drams.forEach((e, i) => {
    const a = actual.drams[i];
    assert.strictEqual(a.name, e.name);
    if (!a.bytes.equals(e.bytes)) {
      let at = 0;
      while (at < a.bytes.length && a.bytes[at] === e.bytes[at]) at++;
      assert.fail(`${what}: DRAM '${e.name}' differs from the program as written, first at byte ${at}`);
    }
    assert.ok(a.written.equals(e.written), `${what}: DRAM '${e.name}' has the same elements written`);
  });
  assert.deepStrictEqual(actual.prints, expected.prints, `${what}: Print output per core`);
}

// ---------------------------------------------------------------------------
// the pipeline

describe('passes: the pipeline', () => {
  const SRC = `module m
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf tmp : f32[4, 8]
  DmaCopy a <- x
  Memset tmp <- 1
  call twice(a)
  DmaCopy y <- a
}
func twice(t: sbuf f32[4, 8]) {
  TensorScalar t <- t, op = mul, scalar = 2
}
`;

  it('snapshot 0 is the program as written; each pass makes one snapshot, in order, with its changes', () => {
    const program = programOf(SRC);
    const snaps = runPipeline(program, ['inline', 'dce']);
    assert.deepStrictEqual(snaps.map((s) => [s.index, s.pass]), [[0, 'as written'], [1, 'inline'], [2, 'dce']]);
    assert.strictEqual(snaps[0].program, program);
    assert.deepStrictEqual(snaps[0].changes, { added: [], removed: [], fused: [], moved: [] });
    assert.strictEqual(snaps[0].reasons.size, 0);
    assert.deepStrictEqual(snaps[1].changes.removed, [id(SRC, 'call twice')]);
    assert.deepStrictEqual(snaps[2].changes.removed, [id(SRC, 'Memset tmp')]);
  });

  it('a pass never changes the snapshots before it', () => {
    const program = programOf(SRC);
    const before = listing(program);
    const beforeTwice = listing(program, 'twice');
    const allocs = program.main.allocs.map((a) => a.name);
    const snaps = runPipeline(program, [...PASS_NAMES]);
    assert.deepStrictEqual(listing(snaps[0].program), before);
    assert.deepStrictEqual(listing(snaps[0].program, 'twice'), beforeTwice);
    assert.deepStrictEqual(program.main.allocs.map((a) => a.name), allocs, 'inline grew a copy of main, not main');
    assert.deepStrictEqual(listing(snaps[1].program).map(([i]) => i), [id(SRC, 'DmaCopy a'), id(SRC, 'Memset tmp'), `${id(SRC, 'TensorScalar', 'twice')} in ${id(SRC, 'call twice')}`, id(SRC, 'DmaCopy y')]);
    for (const s of snaps) checkStructure(s.program, `snapshot ${s.index} (${s.pass})`);
  });

  it('the pass names', () => {
    assert.deepStrictEqual(PASS_NAMES, ['inline', 'dce', 'fuse', 'unroll', 'schedule']);
  });
});

// ---------------------------------------------------------------------------
// inline

describe('passes: inline', () => {
  const SRC = `module m
dram x : f32[8, 8] input = iota
dram out : f32[8, 8] output
func main() {
  sbuf y : f32[8, 8]
  DmaCopy y <- x
  call f(y[0:4, 2:6], 3)
  call f(y[4:8, 0:4], 5)
  DmaCopy out <- y
}
func f(t: sbuf f32[4, 4], r2) {
  sbuf tmp : f32[4, 4]
  TensorScalar tmp <- t, op = add, scalar = r2
  TensorCopy t[1:3, 0:2] <- tmp[1:3, 2:4]
}
`;
  const call1 = id(SRC, 'call f(y[0:4');
  const call2 = id(SRC, 'call f(y[4:8');
  const add = id(SRC, 'TensorScalar tmp', 'f');
  const copy = id(SRC, 'TensorCopy t', 'f');

  it('copies the callee into the caller: Sets of register parameters, composed access patterns, ids "<node> in <call>"', () => {
    const s = pass(SRC, 'inline');
    assert.deepStrictEqual(s.changes.removed, [call1, call2]);
    assert.deepStrictEqual(s.changes.added, [`${call1}~r2`, `${add} in ${call1}`, `${copy} in ${call1}`, `${call2}~r2`, `${add} in ${call2}`, `${copy} in ${call2}`]);
    assert.deepStrictEqual(s.changes.fused, []);
    assert.deepStrictEqual(s.changes.moved, []);
    assert.deepStrictEqual([...s.reasons], [
      [call1, "the call of 'm::f' was inlined: its body runs here"],
      [call2, "the call of 'm::f' was inlined: its body runs here"],
    ]);
    // main uses no register: f's r2 becomes main's r0.
    assert.deepStrictEqual(listing(s.program), [
      [id(SRC, 'DmaCopy y'), 'DmaCopy y <- x'],
      [`${call1}~r2`, 'Set r0 = 3'],
      [`${add} in ${call1}`, 'TensorScalar f__tmp <- y[0:4, 2:6], scalar=r0'],
      [`${copy} in ${call1}`, 'TensorCopy y[1:3, 2:4] <- f__tmp[1:3, 2:4]'],
      [`${call2}~r2`, 'Set r0 = 5'],
      [`${add} in ${call2}`, 'TensorScalar f__tmp <- y[4:8, 0:4], scalar=r0'],
      [`${copy} in ${call2}`, 'TensorCopy y[5:7, 0:2] <- f__tmp[1:3, 2:4]'],
      [id(SRC, 'DmaCopy out'), 'DmaCopy out <- y'],
    ]);
    // f itself is unchanged (it may still be called from elsewhere).
    assert.deepStrictEqual(listing(s.program, 'f'), [[add, 'TensorScalar tmp <- t, scalar=r2'], [copy, 'TensorCopy t[1:3, 0:2] <- tmp[1:3, 2:4]']]);
    checkStructure(s.program, 'inline');
  });

  it('marks the copies with their origin, keeps their lines, puts the Sets on the call line', () => {
    const s = pass(SRC, 'inline');
    const set1 = instr(s.program, `${call1}~r2`);
    assert.strictEqual(set1.span.line, lineOf(SRC, 'call f(y[0:4'));
    assert.strictEqual(set1.inlined, undefined, 'the Set is the call\'s own work');
    const a1 = instr(s.program, `${add} in ${call1}`);
    const a2 = instr(s.program, `${add} in ${call2}`);
    assert.strictEqual(a1.span.line, lineOf(SRC, 'TensorScalar tmp'));
    assert.strictEqual(a1.fn, s.program.main);
    assert.deepStrictEqual([a1.inlined?.from.fullName, a1.inlined?.site, a1.inlined?.depth], ['m::f', 1, 1]);
    assert.deepStrictEqual([a2.inlined?.from.fullName, a2.inlined?.site, a2.inlined?.depth], ['m::f', 2, 1]);
    // The register the Set writes is the one the copy reads.
    const scalar = a1.attrs.get('scalar');
    assert.ok(scalar?.kind === 'operand' && scalar.operand.kind === 'scalar' && scalar.operand.expr.kind === 'reg');
    assert.ok(set1.dst?.kind === 'register');
    assert.strictEqual(scalar.operand.expr.index, set1.dst.index);
    // One adopted copy of f's allocation, shared by both inlined calls.
    assert.deepStrictEqual(s.program.main.allocs.map((a) => a.name), ['y', 'f__tmp']);
    const t1 = a1.dst?.kind === 'tensor' ? a1.dst.ap.tensor : undefined;
    const t2 = a2.dst?.kind === 'tensor' ? a2.dst.ap.tensor : undefined;
    assert.ok(t1 && t1 === t2 && t1 === s.program.main.allocs[1]);
    assert.strictEqual(s.program.main.sbufFrameBytes, programOf(SRC).main.sbufFrameBytes + programOf(SRC).functions.get('m::f')!.sbufFrameBytes);
  });

  it('the inlined program computes what the calls computed', () => {
    const before = execute(programOf(SRC));
    assert.strictEqual(before.outcome, 'exited');
    assertSameRun(execute(pass(SRC, 'inline').program), before, 'inline');
  });

  it('renames the callee\'s registers to ones the caller does not use; nested calls inline at depth 2 when inlined again', () => {
    const src = `module m
func main() {
  Set r0 = 1
  Set r1 = 2
  call g(r0 + r1)
  Print "r0 =", r0
}
func g(r0) {
  Set r1 = r0 * 10
  call h(r1)
}
func h(r3) {
  Print "h", r3
}
`;
    const snaps = pipeline(src, ['inline', 'inline']);
    const callG = id(src, 'call g');
    const callH = id(src, 'call h', 'g');
    const printH = id(src, 'Print "h"', 'h');
    // Pass 1: g and h are inlined into their callers; main's r0, r1 are taken, so g's r0, r1 become r2, r3.
    assert.deepStrictEqual(listing(snaps[1].program), [
      [id(src, 'Set r0 = 1'), 'Set r0 = 1'],
      [id(src, 'Set r1 = 2'), 'Set r1 = 2'],
      [`${callG}~r0`, 'Set r2 = r0 + r1'],
      [`${id(src, 'Set r1 = r0 * 10', 'g')} in ${callG}`, 'Set r3 = r2*10'],
      [`${callH} in ${callG}`, 'call m::h'],
      [id(src, 'Print "r0'), 'Print  <- "r0 =", r0'],
    ]);
    assert.deepStrictEqual(listing(snaps[1].program, 'g').map(([i]) => i), [id(src, 'Set r1 = r0 * 10', 'g'), `${callH}~r3`, `${printH} in ${callH}`]);
    // Pass 2: the copy of the call of h in main is inlined too: its body is two inlinings deep.
    const callHInMain = nodeById(snaps[1].program, `${callH} in ${callG}`);
    assert.deepStrictEqual([callHInMain.inlined?.from.fullName, callHInMain.inlined?.site, callHInMain.inlined?.depth], ['m::g', 1, 1]);
    const deep = instr(snaps[2].program, `${printH} in ${callH} in ${callG}`);
    assert.deepStrictEqual([deep.inlined?.from.fullName, deep.inlined?.depth], ['m::h', 2]);
    // Its register parameter's Set is on the call's line, which is inlined code of g.
    const set = instr(snaps[2].program, `${callH} in ${callG}~r3`);
    assert.deepStrictEqual([set.inlined?.from.fullName, set.inlined?.site, set.inlined?.depth], ['m::g', 1, 1]);
    // Every inlined call of the program is an instance of its own, also when the pass runs again: one site, one
    // function and depth.
    const sites = new Map<number, string>();
    for (const n of allNodes(snaps[2].program)) {
      if (!n.inlined) continue;
      const key = `${n.inlined.from.fullName} at depth ${n.inlined.depth}`;
      assert.strictEqual(sites.get(n.inlined.site) ?? key, key, `site ${n.inlined.site}: ${n.id}`);
      sites.set(n.inlined.site, key);
    }
    assert.notStrictEqual(deep.inlined?.site, callHInMain.inlined?.site, 'the copy of h in main is not the copy of g');
    assertSameRun(execute(snaps[2].program), execute(snaps[0].program), 'inline twice');
  });

  it('does not inline recursive functions, functions with an early return, transposed arguments, functions of more than 24 nodes', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  Set r${i % 16} = ${i}`).join('\n');
    const src = `module m
dram x : f32[8, 8] input = iota
func main() {
  call rec(3)
  call early(1)
  call load(x.T)
  call load(x)
  call big()
  call fits()
}
func rec(r0) {
  if r0 > 0 { call rec(r0 - 1) }
}
func early(r0) {
  if r0 > 0 { return }
  Set r1 = 2
}
func load(t: dram f32[8, 8]) {
  sbuf s : f32[8, 8]
  DmaCopy s <- t
}
func big() {
${body(25)}
}
func fits() {
${body(24)}
}
`;
    const s = pass(src, 'inline');
    const kept = ['call rec(3)', 'call early', 'call load(x.T)', 'call big'].map((p) => id(src, p));
    assert.deepStrictEqual(s.changes.removed, [id(src, 'call load(x)'), id(src, 'call fits')], 'only the plain view and the 24-node function are inlined');
    for (const k of kept) assert.strictEqual(nodeById(s.program, k).kind, 'call', `${k} stays a call`);
    assert.strictEqual(nodeById(s.program, id(src, 'call rec(r0', 'rec')).kind, 'call', 'the recursive call stays');
    assert.ok(!s.reasons.has(kept[0]));
    checkStructure(s.program, 'inline');
  });

  it('does not inline when the caller has too few free registers', () => {
    const sets = Array.from({ length: 15 }, (_, i) => `  Set r${i} = ${i}`).join('\n');
    const src = `module m
func main() {
${sets}
  call two()
  call one()
}
func two() {
  Set r0 = 1
  Set r1 = r0
}
func one() {
  Set r7 = 1
}
`;
    const s = pass(src, 'inline');
    assert.deepStrictEqual(s.changes.removed, [id(src, 'call one')]);
    assert.deepStrictEqual(listing(s.program).slice(-2), [[id(src, 'call two'), 'call m::two'], [`${id(src, 'Set r7 = 1', 'one')} in ${id(src, 'call one')}`, 'Set r15 = 1']]);
  });
});

// ---------------------------------------------------------------------------
// dce

describe('passes: dce', () => {
  const SRC = `module m
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output
dram z : f32[4, 8] output
func main() {
  sbuf tmp : f32[4, 8]
  sbuf used : f32[4, 8]
  sbuf carry : f32[4, 8]
  sbuf twice : f32[4, 8]
  Memset tmp <- 1
  Set r5 = 7
  Set r6 = 3
  Memset twice <- 1
  Memset twice <- r6
  Memset used <- 2
  DmaCopy y[0:4, 0:8] <- used
  DmaCopy z <- x
  Memset carry <- 0
  for r0 in 0..3 {
    TensorScalar used <- carry, op = add, scalar = 1
    Memset carry <- r0
  }
  DmaCopy y <- twice
  DmaCopy y <- used
  call fill(used)
  Print "done"
}
func fill(t: sbuf f32[4, 8]) {
  sbuf s : f32[4, 8]
  Memset s <- 3
  Memset t <- 4
  TensorCopy t <- s
}
`;

  it('removes writes of allocations and registers that nothing reads, with the reason', () => {
    const s = pass(SRC, 'dce');
    const dead = [id(SRC, 'Memset twice <- 1'), id(SRC, 'Set r5'), id(SRC, 'Memset tmp')];
    assert.deepStrictEqual(s.changes.removed, dead, 'removed, last first');
    assert.deepStrictEqual(s.changes.added, []);
    assert.deepStrictEqual(s.changes.fused, []);
    assert.deepStrictEqual(s.changes.moved, []);
    assert.deepStrictEqual([...s.reasons], [
      [dead[0], "nothing reads 'twice' after it is written"],
      [dead[1], "nothing reads 'r5' after it is written"],
      [dead[2], "nothing reads 'tmp' after it is written"],
    ]);
    checkStructure(s.program, 'dce');
  });

  it('keeps what is read later, what a later loop iteration reads, writes of DRAM and of parameters, Print and calls', () => {
    const s = pass(SRC, 'dce');
    const kept = new Set(allNodes(s.program).map((n) => n.id));
    const expect = [
      'Set r6', 'Memset twice <- r6', 'Memset used <- 2', 'DmaCopy y[0:4', 'DmaCopy z', 'Memset carry <- 0', 'for r0',
      'TensorScalar used <- carry', 'Memset carry <- r0', 'DmaCopy y <- twice', 'call fill', 'Print',
    ];
    for (const piece of expect) assert.ok(kept.has(id(SRC, piece)), `'${piece}' is kept`);
    // The first write of DRAM y is overwritten (twice), and kept all the same.
    assert.ok(kept.has(id(SRC, 'DmaCopy y[0:4')));
    assert.ok(kept.has(id(SRC, 'DmaCopy y <- used')));
    // In fill: the Memset of the parameter is overwritten before anything reads it, and kept (the caller's memory).
    assert.deepStrictEqual(listing(s.program, 'fill').map(([, t]) => t), ['Memset s <- 3', 'Memset t <- 4', 'TensorCopy t <- s']);
  });

  it('the cleaned program computes the same', () => {
    assertSameRun(execute(pass(SRC, 'dce').program), execute(programOf(SRC)), 'dce');
  });

  it('a write read only by the next iteration of its loop is live; one that no iteration reads is not', () => {
    const src = `module m
dram y : f32[1, 4] output
func main() {
  sbuf acc : f32[1, 4]
  sbuf prev : f32[1, 4]
  sbuf junk : f32[1, 4]
  Memset acc <- 0
  Memset prev <- 0
  for r0 in 0..4 {
    TensorTensor acc <- acc, prev, op = add
    Memset prev <- r0
    Memset junk <- r0
    Set r1 = r0
  }
  DmaCopy y <- acc
}
`;
    const s = pass(src, 'dce');
    assert.deepStrictEqual(s.changes.removed, [id(src, 'Set r1'), id(src, 'Memset junk')]);
    assert.ok(allNodes(s.program).some((n) => n.id === id(src, 'Memset prev <- r0')));
    assertSameRun(execute(s.program), execute(programOf(src)), 'dce in a loop');
  });
});

// ---------------------------------------------------------------------------
// fuse

describe('passes: fuse', () => {
  const SRC = `module m
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf c : f32[4, 8]
  sbuf d : f32[4, 8]
  DmaCopy a <- x
  TensorScalar b <- a, op = add, scalar = 1
  TensorTensor c <- b, a, op = mul
  TensorScalar d <- c, op = max, scalar = 0
  Activation b <- d, func = exp
  TensorScalar c <- b, op = mul, scalar = 2
  TensorScalar a <- d, op = add, scalar = 3
  TensorCopy c <- a
  for r0 in 0..2 {
    TensorScalar b <- a, op = mul, scalar = r0
    Select c <- b, a, d
  }
  DmaCopy y <- c
}
`;

  it('a chain of three elementwise instructions on one engine, each reading the previous one, becomes one group at the tail', () => {
    const s = pass(SRC, 'fuse');
    const m = ['TensorScalar b <- a, op = add', 'TensorTensor c', 'TensorScalar d <- c'].map((p) => id(SRC, p));
    const tail = m[2];
    const g1 = `${tail}+g1`;
    const group = instr(s.program, g1);
    assert.strictEqual(group.opcode, 'Fused');
    assert.strictEqual(group.group, 'g1');
    assert.strictEqual(group.engine, 'DVE');
    assert.deepStrictEqual(group.members?.map((x) => x.id), m);
    assert.strictEqual(group.span.line, lineOf(SRC, 'TensorScalar d <- c'));
    assert.deepStrictEqual(s.changes.fused[0], { group: g1, members: m });
    for (const x of m) assert.strictEqual(s.reasons.get(x), `it is fused into group g1, which runs it with 2 other instructions at line ${lineOf(SRC, 'TensorScalar d <- c')}`);
    // At the tail's position: after the DmaCopy, before the Activation.
    const ids = listing(s.program).map(([i]) => i);
    assert.deepStrictEqual(ids.slice(0, 3), [id(SRC, 'DmaCopy a'), g1, id(SRC, 'Activation')]);
    checkStructure(s.program, 'fuse');
  });

  it('not across engines, not when the next one does not read the previous one; inside loop bodies too', () => {
    const s = pass(SRC, 'fuse');
    // Activation (ACT) then TensorScalar (DVE) reading it: different engines.
    // TensorScalar c <- b then TensorScalar a <- d: the second does not read the first.
    // TensorScalar a <- d then TensorCopy c <- a: a chain of two.
    // Groups are numbered as the pass closes them: the loop's body is visited when the loop is met, before the chain
    // that ends right before the loop is closed.
    const g2 = `${id(SRC, 'Select')}+g2`;
    const g3 = `${id(SRC, 'TensorCopy c <- a')}+g3`;
    assert.deepStrictEqual(s.changes.fused.map((f) => f.group), [`${id(SRC, 'TensorScalar d <- c')}+g1`, g2, g3]);
    assert.deepStrictEqual(s.changes.fused.find((f) => f.group === g3)?.members, [id(SRC, 'TensorScalar a <- d'), id(SRC, 'TensorCopy c <- a')]);
    assert.deepStrictEqual(s.changes.fused.find((f) => f.group === g2)?.members, [id(SRC, 'TensorScalar b <- a, op = mul, scalar = r0'), id(SRC, 'Select')]);
    assert.strictEqual(s.reasons.get(id(SRC, 'TensorCopy c <- a')), `it is fused into group g3, which runs it with 1 other instruction at line ${lineOf(SRC, 'TensorCopy c <- a')}`);
    assert.deepStrictEqual(listing(s.program).map(([, t]) => t.split(' ')[0]), ['DmaCopy', 'Fused', 'Activation', 'TensorScalar', 'Fused', 'for', 'Fused', 'DmaCopy']);
    assert.deepStrictEqual([...s.changes.removed].sort(), s.changes.fused.flatMap((f) => f.members).sort(), 'removed: the members');
    assert.deepStrictEqual([...s.changes.added].sort(), [...s.changes.fused.map((f) => f.group)].sort());
    const loop = nodeById(s.program, id(SRC, 'for r0'));
    assert.ok(loop.kind === 'for');
    assert.deepStrictEqual(loop.body.nodes.toArray().map((n) => n.id), [g2]);
    assert.strictEqual(loop.body.nodes.at(0).region, loop.body);
  });

  it('the fused program computes the same', () => {
    assertSameRun(execute(pass(SRC, 'fuse').program), execute(programOf(SRC)), 'fuse');
  });

  it('a single elementwise instruction, or one after a non-elementwise one, is not fused', () => {
    const src = `module m
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 1]
  Memset a <- 1
  TensorScalar a <- a, op = add, scalar = 1
  TensorReduce b <- a, op = add
  TensorScalar b <- b, op = mul, scalar = 2
  Print "b", b
}
`;
    const s = pass(src, 'fuse');
    assert.deepStrictEqual(s.changes, { added: [], removed: [], fused: [], moved: [] });
  });
});

// ---------------------------------------------------------------------------
// unroll

describe('passes: unroll', () => {
  const SRC = `module m
dram y : f32[3, 8] output
func main() {
  sbuf a : f32[3, 8]
  sbuf b : f32[3, 8]
  Memset b <- 1
  for r0 in 0..3 {
    Set r1 = r0 * 2
    TensorScalar a[r0, 0:8] <- b[r0, 0:8], op = add, scalar = r1
  }
  DmaCopy y <- a
  for r2 in 0..9 { Set r3 = r2 }
  Set r4 = 2
  for r5 in 0..r4 { Set r6 = r5 }
  for r7 in 6..0 step -2 { Set r8 = r7 }
  for r9 in 0..8 {
    Set r10 = r9
    Set r10 = r9
    Set r10 = r9
    Set r10 = r9
    Set r10 = r9
    Set r10 = r9
    Set r10 = r9
    Set r10 = r9
  }
}
`;
  const loop = id(SRC, 'for r0');
  const set = id(SRC, 'Set r1 = r0');
  const ts = id(SRC, 'TensorScalar a');

  it('for r0 in 0..3: per iteration a Set of r0 on the loop\'s line, then the body with ids ~i<k>', () => {
    const s = pass(SRC, 'unroll');
    const expected: [string, string][] = [];
    for (let k = 0; k < 3; k++) expected.push([`${loop}~${k}`, `Set r0 = ${k}`], [`${set}~i${k}`, 'Set r1 = r0*2'], [`${ts}~i${k}`, 'TensorScalar a[r0, 0:8] <- b[r0, 0:8], scalar=r1']);
    const all = listing(s.program);
    const from = all.findIndex(([i]) => i === `${loop}~0`);
    assert.deepStrictEqual(all.slice(from, from + 9), expected);
    assert.strictEqual(all[from - 1][0], id(SRC, 'Memset b'));
    assert.strictEqual(all[from + 9][0], id(SRC, 'DmaCopy y'));
    for (let k = 0; k < 3; k++) {
      const n = instr(s.program, `${loop}~${k}`);
      assert.strictEqual(n.span.line, lineOf(SRC, 'for r0'));
      assert.strictEqual(n.region, s.program.main.body);
      assert.strictEqual(instr(s.program, `${ts}~i${k}`).span.line, lineOf(SRC, 'TensorScalar a'));
    }
    assert.strictEqual(s.reasons.get(loop), 'the loop was unrolled: its 3 iterations are copies of its body');
    checkStructure(s.program, 'unroll');
  });

  it('unrolls a negative step; not when the bounds depend on registers, nor beyond 8 iterations or 64 nodes', () => {
    const s = pass(SRC, 'unroll');
    const down = id(SRC, 'for r7');
    assert.deepStrictEqual(s.changes.removed, [loop, down]);
    assert.deepStrictEqual(listing(s.program).filter(([i]) => i.startsWith(`${down}~`)).map(([, t]) => t), ['Set r7 = 6', 'Set r7 = 4', 'Set r7 = 2']);
    const r8 = id(SRC, 'Set r8');
    assert.deepStrictEqual(s.changes.added, [
      `${loop}~0`, `${set}~i0`, `${ts}~i0`, `${loop}~1`, `${set}~i1`, `${ts}~i1`, `${loop}~2`, `${set}~i2`, `${ts}~i2`,
      `${down}~0`, `${r8}~i0`, `${down}~1`, `${r8}~i1`, `${down}~2`, `${r8}~i2`,
    ]);
    for (const p of ['for r2', 'for r5', 'for r9']) assert.strictEqual(nodeById(s.program, id(SRC, p)).kind, 'for', `${p} stays a loop`);
  });

  it('8 iterations are unrolled; nested loops are unrolled inside out', () => {
    const src = `module m
func main() {
  for r0 in 0..8 { Set r1 = r0 }
  for r2 in 0..2 {
    for r3 in 0..2 { Set r4 = r2 * 10 + r3 }
  }
  Print "r4", r4
}
`;
    const s = pass(src, 'unroll');
    const inner = id(src, 'for r3');
    const outer = id(src, 'for r2');
    assert.deepStrictEqual(s.changes.removed, [id(src, 'for r0'), inner, outer]);
    assert.ok(allNodes(s.program).some((n) => n.id === `${id(src, 'Set r1')}~i7`));
    assert.ok(!allNodes(s.program).some((n) => n.kind === 'for'));
    assert.deepStrictEqual(listing(s.program).filter(([i]) => i.includes(id(src, 'Set r4'))).map(([i]) => i), [
      `${id(src, 'Set r4')}~i0~i0`, `${id(src, 'Set r4')}~i1~i0`, `${id(src, 'Set r4')}~i0~i1`, `${id(src, 'Set r4')}~i1~i1`,
    ]);
    assertSameRun(execute(s.program), execute(programOf(src)), 'unroll');
  });

  it('the unrolled program computes the same', () => {
    assertSameRun(execute(pass(SRC, 'unroll').program), execute(programOf(SRC)), 'unroll');
  });
});

// ---------------------------------------------------------------------------
// schedule

describe('passes: schedule', () => {
  const SRC = `module m
dram x : f32[128, 128] input = iota
dram w : f32[128, 128] input = iota
dram y : f32[128, 128] output
dram v : f32[128, 128] output
func main() {
  sbuf a : f32[128, 128]
  sbuf b : f32[128, 128]
  sbuf c : f32[128, 128]
  sbuf d : f32[128, 128]
  psum acc : f32[128, 128]
  sbuf tmp : f32[128, 128]
  DmaCopy a <- x
  DmaCopy b <- w
  DmaCopy c <- x
  DmaCopy d <- w
  MatMult acc <- a, b
  TensorScalar c <- c, op = mul, scalar = 2
  TensorScalar d <- d, op = mul, scalar = 3
  DmaCopy y <- c
  DmaCopy v <- d
  TensorCopy tmp <- acc
  DmaCopy y <- tmp
}
`;

  it('interleaves independent DMA, PE and DVE instructions; changes.moved lists the ids whose position changed', () => {
    const s = pass(SRC, 'schedule');
    assert.deepStrictEqual(listing(s.program).map(([, t]) => t), [
      'DmaCopy a <- x',
      'DmaCopy b <- w',
      'MatMult acc <- a, b',
      'DmaCopy c <- x',
      'TensorScalar c <- c, scalar=2',
      'DmaCopy d <- w',
      'TensorScalar d <- d, scalar=3',
      'DmaCopy y <- c',
      'TensorCopy tmp <- acc',
      'DmaCopy v <- d',
      'DmaCopy y <- tmp',
    ]);
    assert.deepStrictEqual(s.changes.moved, ['MatMult', 'DmaCopy c', 'TensorScalar c', 'DmaCopy d', 'TensorCopy', 'DmaCopy v'].map((p) => id(SRC, p)));
    assert.deepStrictEqual([s.changes.added, s.changes.removed, s.changes.fused, s.reasons.size], [[], [], [], 0]);
    checkStructure(s.program, 'schedule');
  });

  it('never reorders a dependent pair (read after write, write after read, write after write; memory and registers)', () => {
    const src = `module m
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf c : f32[4, 8]
  DmaCopy a <- x
  Set r1 = 2
  TensorScalar b <- a, op = mul, scalar = r1
  Set r1 = 3
  Memset c <- r1
  DmaCopy a <- y
  Memset b <- 0
  Activation c <- c, func = relu
  DmaCopy y <- c
}
`;
    const s = pass(src, 'schedule');
    const order = allNodes(s.program).map((n) => n.id);
    const before = (p: string, q: string): void => assert.ok(order.indexOf(id(src, p)) < order.indexOf(id(src, q)), `'${p}' runs before '${q}': ${listing(s.program).map(([, t]) => t).join('; ')}`);
    before('DmaCopy a <- x', 'TensorScalar b'); // RAW through a
    before('Set r1 = 2', 'TensorScalar b'); // RAW through r1
    before('TensorScalar b', 'Set r1 = 3'); // WAR through r1
    before('Set r1 = 2', 'Set r1 = 3'); // WAW through r1
    before('Set r1 = 3', 'Memset c'); // RAW through r1
    before('TensorScalar b', 'DmaCopy a <- y'); // WAR through a
    before('DmaCopy a <- x', 'DmaCopy a <- y'); // WAW through a
    before('TensorScalar b', 'Memset b'); // WAW through b
    before('Memset c', 'Activation'); // RAW through c
    before('Activation', 'DmaCopy y <- c'); // RAW through c
    before('DmaCopy a <- y', 'DmaCopy y <- c'); // WAR through y
    assertSameRun(execute(s.program), execute(programOf(src)), 'schedule');
  });

  it('does not move instructions across loops, calls, Print or Assert', () => {
    const src = `module m
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  Memset b <- 1
  Memset a <- 2
  DmaCopy a <- x
  Print "a", a[0, 0]
  Memset b <- 3
  TensorScalar b <- b, op = add, scalar = 1
  DmaCopy y <- a
  for r0 in 0..2 { Set r1 = r0 }
  Memset b <- 4
  DmaCopy y <- b
}
`;
    const s = pass(src, 'schedule');
    const texts = listing(s.program).map(([, t]) => t);
    const print = texts.indexOf('Print  <- "a", a[0, 0]');
    const loop = texts.indexOf('for r0');
    assert.deepStrictEqual([print, loop], [3, 7], texts.join('; '));
    assert.deepStrictEqual(new Set(texts.slice(0, 3)), new Set(['Memset b <- 1', 'Memset a <- 2', 'DmaCopy a <- x']));
    assert.deepStrictEqual(new Set(texts.slice(4, 7)), new Set(['Memset b <- 3', 'TensorScalar b <- b, scalar=1', 'DmaCopy y <- a']));
    assert.deepStrictEqual(texts.slice(9), ['Memset b <- 4', 'DmaCopy y <- b']);
  });

  it('long runs are scheduled in chunks of 64: nothing moves from one chunk to another', () => {
    const lines = Array.from({ length: 130 }, (_, i) => (i % 2 === 0 ? `  Memset a${i % 4} <- ${i}` : `  DmaCopy y${i % 4} <- a${(i + 3) % 4}`));
    const src = `module m
${[0, 1, 2, 3].map((k) => `dram y${k} : f32[1, 4] output`).join('\n')}
func main() {
${[0, 1, 2, 3].map((k) => `  sbuf a${k} : f32[1, 4]`).join('\n')}
${lines.join('\n')}
}
`;
    const s = pass(src, 'schedule');
    const original = allNodes(programOf(src)).map((n) => n.id);
    const now = allNodes(s.program).map((n) => n.id);
    for (const [lo, hi] of [[0, 64], [64, 128], [128, 130]]) assert.deepStrictEqual(new Set(now.slice(lo, hi)), new Set(original.slice(lo, hi)), `chunk ${lo}..${hi}`);
  });
});

// ---------------------------------------------------------------------------
// equivalence: every example through every pass and several pipelines

describe('passes: equivalence on the examples', function () {
  this.timeout(120000);

  const PIPELINES: PassName[][] = [
    ...PASS_NAMES.map((p) => [p]),
    [...PASS_NAMES],
    [...PASS_NAMES].reverse(),
    ['inline', 'unroll', 'dce', 'fuse', 'schedule'],
    ...PASS_NAMES.map((p) => [p, p]),
    PASS_NAMES.flatMap((p) => [p, p]),
  ];
  const examples = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.bir')).sort();

  it('the examples are all here', () => {
    assert.deepStrictEqual(examples, ['attention.bir', 'calls_loops.bir', 'matmul_tiled.bir', 'mlp.bir', 'rmsnorm.bir', 'softmax.bir', 'transpose.bir', 'two_cores.bir']);
  });

  /** What the passes did to each example over all pipelines: every pass changes some example. */
  const changedBy = new Map<string, Set<string>>();

  for (const file of examples) {
    it(`${file}: every pass and every pipeline computes DRAM bit for bit as written; every snapshot is well formed`, () => {
      const checked = checkProgram(path.join(EXAMPLES, file));
      assert.ok(checked.program, checked.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
      const options: RunOptions = { cores: file === 'two_cores.bir' ? 2 : 1 };
      const expected = execute(checked.program, options);
      assert.strictEqual(expected.outcome, 'exited', `${file} runs as written`);
      checkStructure(checked.program, `${file} as written`);
      for (const passes of PIPELINES) {
        const what = `${file} through ${passes.join(',')}`;
        const snaps = runPipeline(checked.program, passes);
        assert.strictEqual(snaps.length, passes.length + 1);
        for (const s of snaps) {
          checkStructure(s.program, `${what}, snapshot ${s.index} (${s.pass})`);
          const ch = s.changes;
          if (ch.added.length + ch.removed.length + ch.fused.length + ch.moved.length > 0) {
            const set = changedBy.get(s.pass) ?? new Set<string>();
            changedBy.set(s.pass, set.add(file));
          }
          for (const r of ch.removed) assert.ok(s.reasons.has(r), `${what}: ${s.pass} says why it removed ${r}`);
        }
        assertSameRun(execute(snaps[snaps.length - 1].program, options), expected, what);
      }
    });
  }

  it('every pass changed at least one example', function () {
    if (changedBy.size === 0) this.skip();
    // dce finds nothing dead in the examples as written; after inline it may. The others change some example.
    for (const p of ['inline', 'fuse', 'unroll', 'schedule']) assert.ok(changedBy.get(p)?.size, `pass ${p} changed no example`);
  });

  it('a program that every pass changes computes the same through every pipeline', () => {
    const src = `module m
dram x : f32[8, 8] input = random(seed=3, low=-1, high=1)
dram w : f32[8, 8] input = random(seed=4, low=-1, high=1)
dram y : f32[8, 8] output
dram s : f32[8, 1] output
func main() {
  sbuf xs : f32[8, 8]
  sbuf ws : f32[8, 8]
  sbuf h : f32[8, 8]
  sbuf dead : f32[8, 8]
  psum acc : f32[8, 8]
  DmaCopy xs <- x
  DmaCopy ws <- w
  Memset dead <- 7
  for r0 in 0..4 {
    call scale(h[r0*2 : r0*2+2, 0:8], xs[r0*2 : r0*2+2, 0:8], r0 + 1)
  }
  MatMult acc <- ws, h
  TensorCopy h <- acc
  TensorScalar h <- h, op = max, scalar = 0
  TensorTensor h <- h, xs, op = add
  Activation h <- h, func = tanh
  DmaCopy y <- h
  call rowsum(h, s)
  Print "y[0, 0:2] =", h[0, 0:2]
}
func scale(dst: sbuf f32[2, 8], src: sbuf f32[2, 8], r1) {
  sbuf t : f32[2, 8]
  TensorScalar t <- src, op = mul, scalar = r1
  TensorScalar dst <- t, op = add, scalar = 0.5
}
func rowsum(src: sbuf f32[8, 8], out: dram f32[8, 1]) {
  sbuf r : f32[8, 1]
  TensorReduce r <- src, op = add
  DmaCopy out <- r
}
`;
    const program = programOf(src);
    const expected = execute(program);
    assert.strictEqual(expected.outcome, 'exited');
    const full = runPipeline(program, ['inline', 'dce', 'fuse', 'unroll', 'schedule']);
    for (const s of full.slice(1)) {
      const ch = s.changes;
      assert.ok(ch.added.length + ch.removed.length + ch.moved.length > 0, `${s.pass} changed the program`);
    }
    for (const passes of PIPELINES) {
      const snaps = runPipeline(program, passes);
      for (const s of snaps) checkStructure(s.program, `${passes.join(',')}, snapshot ${s.index}`);
      assertSameRun(execute(snaps[snaps.length - 1].program), expected, passes.join(','));
    }
  });
});
