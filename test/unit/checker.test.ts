import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkProgram, CheckOptions, CheckResult, SourceHost } from '../../engine/lang/check/checker';
import { Diagnostic } from '../../engine/lang/diagnostics';
import { writeNpyFile } from '../../engine/io/npy';
import { forEachNode } from '../../engine/ir/numbering';
import { ForNode, FunctionIR, IfNode, InstrNode, Node, Program } from '../../engine/ir/program';
import { allNodes } from '../../engine/passes/pass';

// ---------------------------------------------------------------------------
// helpers

const DIR = path.resolve('/virtual/project');
const MAIN = path.join(DIR, 'main.bir');

/** A host over in-memory files, named relative to DIR. */
function hostOf(files: Record<string, string>): SourceHost {
  const byPath = new Map(Object.entries(files).map(([name, text]) => [path.resolve(DIR, name), text]));
  return { readText: (f) => byPath.get(f), exists: (f) => byPath.has(f) };
}

/** Checks main.bir (the text, or the files given with it). */
function check(files: string | Record<string, string>, options: Omit<CheckOptions, 'host'> = {}): CheckResult {
  const all = typeof files === 'string' ? { 'main.bir': files } : files;
  return checkProgram(MAIN, { ...options, host: hostOf(all) });
}

/** `line:col` of a needle in a text; a '»' in the needle marks the column, else it is the needle's start. */
function pos(text: string, needle: string, nth = 0): string {
  const plain = needle.replace('»', '');
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(plain, at + 1);
    assert.ok(at >= 0, `'${plain}' not found in the program`);
  }
  const mark = needle.indexOf('»');
  const offset = at + (mark < 0 ? 0 : mark);
  const lines = text.slice(0, offset).split('\n');
  return `${lines.length}:${lines[lines.length - 1].length + 1}`;
}

/** Diagnostics as `[file:]line:col severity: message`; the file is left out for main.bir. */
function shown(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const file = d.span.file === MAIN ? '' : `${path.relative(DIR, d.span.file)}:`;
    return `${file}${d.span.line}:${d.span.col} ${d.severity}: ${d.message}`;
  });
}

type Expectation = [needle: string, message: string, severity?: 'error' | 'warning'];

/**
 * The diagnostics of a program are exactly the expected ones: each at the position of its needle (see pos; a
 * needle '@L:C' is a position as it is) with a message that contains the text given.
 */
function expectDiagnostics(files: string | Record<string, string>, expected: Expectation[], options: Omit<CheckOptions, 'host'> = {}): CheckResult {
  const text = typeof files === 'string' ? files : files['main.bir'];
  const r = check(files, options);
  const got = shown(r.diagnostics);
  const want = expected.map(([needle, message, severity = 'error']) => ({
    at: needle.startsWith('@') ? needle.slice(1) : pos(text, needle),
    message,
    severity,
  }));
  const describe = `got:\n  ${got.join('\n  ')}\nexpected:\n  ${want.map((w) => `${w.at} ${w.severity}: …${w.message}…`).join('\n  ')}`;
  assert.strictEqual(got.length, want.length, describe);
  // Diagnostics come sorted by position; expectations are matched in any order.
  const left = [...want];
  for (const g of got) {
    const i = left.findIndex((w) => g.startsWith(`${w.at} ${w.severity}: `) && g.includes(w.message));
    assert.ok(i >= 0, `unexpected diagnostic ${g}\n${describe}`);
    left.splice(i, 1);
  }
  if (expected.every(([, , severity]) => severity === 'warning')) assert.ok(r.program, 'a program with only warnings is built');
  else assert.strictEqual(r.program, undefined, 'no program is built when there is an error');
  return r;
}

/** A program that must check without any diagnostic. */
function expectProgram(files: string | Record<string, string>, options: Omit<CheckOptions, 'host'> = {}): Program {
  const r = check(files, options);
  assert.deepStrictEqual(shown(r.diagnostics), []);
  assert.ok(r.program);
  return r.program;
}

const BASE_DECLS = [
  'module m',
  'const N = 8',
  'dram x : f32[128, 64] input',
  'dram y : f32[128, 64] output',
  'dram d3 : f32[2, 4, 8]',
];
const BASE_ALLOCS = [
  '  sbuf a : f32[128, 64]',
  '  sbuf b : f32[128, 64]',
  '  sbuf c : f32[128, 1]',
  '  sbuf h : bf16[128, 64]',
  '  sbuf k : f32[64, 128]',
  '  sbuf w : f32[128, 256]',
  '  psum p : f32[128, 64]',
  '  psum pt : f32[64, 128]',
  '  psum acc : f32[128, 512]',
];

/** main.bir: module m with x, y (f32[128, 64]), d3 and N, then main with the usual allocations and the body given. */
function prog(body: string[], after: string[] = []): string {
  return [...BASE_DECLS, 'func main() {', ...BASE_ALLOCS, ...body.map((l) => `  ${l}`), '}', ...after, ''].join('\n');
}

/** One statement of main that must be wrong, with its diagnostics. */
function expectStmt(line: string, ...expected: Expectation[]): void {
  expectDiagnostics(prog([line]), expected);
}

/** One statement of main that must be right. */
function expectStmtOk(...lines: string[]): Program {
  return expectProgram(prog(lines));
}

function findFunction(program: Program, name: string): FunctionIR {
  const fn = program.functions.get(name);
  assert.ok(fn, `function ${name}`);
  return fn;
}

function nodesOf(fn: FunctionIR): Node[] {
  const out: Node[] = [];
  forEachNode(fn.body, (n) => out.push(n));
  return out;
}

// ---------------------------------------------------------------------------

describe('checker', () => {
  describe('names', () => {
    it('reports unknown names with a suggestion', () => {
      expectStmt('DmaCopy y <- acc2', ['DmaCopy y <- »acc2', "unknown name 'acc2'; did you mean 'acc'?"]);
      expectStmt('DmaCopy ww <- x', ['DmaCopy »ww', "unknown name 'ww'; did you mean 'w'?"]);
      expectStmt('Set r1 = NN + 1', ['Set r1 = »NN', "unknown name 'NN'; did you mean 'N'?"]);
      expectStmt('Print "v", xx', ['Print "v", »xx', "unknown name 'xx'; did you mean 'x'?"]);
      expectStmt('Assert all(pp > 0)', ['Assert all(»pp', "unknown name 'pp'; did you mean 'p'?"]);
    });

    it('does not suggest a name that shares too little with the unknown one', () => {
      expectStmt('Set r1 = zz', ['Set r1 = »zz', "unknown name 'zz'"]);
      const r = check(prog(['Set r1 = zz']));
      assert.ok(!r.diagnostics[0].message.includes('did you mean'), r.diagnostics[0].message);
    });

    it('reports duplicate constants and tensors of a module', () => {
      const text = ['module m', 'const N = 4', 'const N = 5', 'dram N : f32[4]', 'dram x : f32[4]', 'dram x : f32[8]', 'func main() {', '}', ''].join('\n');
      expectDiagnostics(text, [
        ['const »N = 5', "'N' is already declared in module 'm'"],
        ['dram »N', "'N' is already declared in module 'm'"],
        ['dram »x : f32[8]', "'x' is already declared in module 'm'"],
      ]);
    });

    it('reports duplicate functions, allocations and parameters', () => {
      const text = [
        'module m',
        'dram x : f32[4, 4]',
        'func main() {',
        '  sbuf a : f32[4, 4]',
        '  sbuf a : f32[4, 8]',
        '  sbuf x : f32[4, 4]',
        '}',
        'func main() {',
        '}',
        'func f(t: f32[4], t: f32[4], r1, r1) {',
        '}',
        '',
      ].join('\n');
      expectDiagnostics(text, [
        ['sbuf »a : f32[4, 8]', "'a' is already declared at line 4"],
        ['sbuf »x', "'x' is already declared at line 2"],
        ['@8:6', "function 'main' is already defined at line 3"],
        ['f(t: f32[4], »t', "parameter 't' is declared twice (first at line 10)"],
        ['r1, »r1', "parameter 'r1' is declared twice (first at line 10)"],
      ]);
    });

    it('lets a parameter shadow a DRAM tensor of the module', () => {
      expectProgram(['module m', 'dram t : f32[4, 4]', 'func main() {', '  call f(t)', '}', 'func f(t: f32[4, 4]) {', '  DmaCopy t <- t', '}', ''].join('\n'));
    });
  });

  describe('types and allocations', () => {
    it('reports unknown dtypes in DRAM tensors, allocations and parameters', () => {
      const known = '(known: f32 bf16 f16 fp8e4m3 fp8e4m3fn fp8e5m2 e8m0 fp4e2m1 fp8e4m3fn_x4 fp8e5m2_x4 fp4e2m1_x4 i32 i16 i8 u32 u16 u8)';
      const text = ['module m', 'dram x : f31[4]', 'func main() {', '  sbuf a : float[4, 4]', '}', 'func f(t: f64[4]) {', '}', ''].join('\n');
      expectDiagnostics(text, [
        ['dram x : »f31', `unknown data type 'f31' for 'x' ${known}`],
        ['sbuf a : »float', "unknown data type 'float' for 'a'"],
        ['f(t: »f64', "unknown data type 'f64' for parameter 't'"],
      ]);
    });

    it('checks ranks and dimensions', () => {
      const text = [
        'module m',
        'dram r5 : f32[1, 2, 3, 4, 5]',
        'dram r0d : f32[]',
        'dram z : f32[0]',
        'dram q : f32[2.5]',
        'dram n : f32[-4]',
        'dram reg : f32[r0]',
        'dram big : u8[2, 2, 2, 2]',
        'func main() {',
        '  sbuf one : f32[4]',
        '  sbuf three : f32[2, 2, 2]',
        '  sbuf six : f32[2, 2, 2, 2, 2, 2]',
        '  sbuf wide : f32[129, 4]',
        '  psum pw : f32[200, 4]',
        '  sbuf full : f32[128, 4]',
        '}',
        '',
      ].join('\n');
      expectDiagnostics(text, [
        ['dram r5 : »f32', "'r5' has 5 dimensions; tensors have 1 to 4"],
        ['dram r0d : »f32', "'r0d' has 0 dimensions; tensors have 1 to 4"],
        ['f32[»0]', "a dimension of 'z' must be an integer ≥ 1, found 0"],
        ['f32[»2.5]', "a dimension of 'q' must be an integer ≥ 1, found 2.5"],
        ['f32[»-4]', "a dimension of 'n' must be an integer ≥ 1, found -4"],
        ['f32[»r0]', "register 'r0' cannot be used in a dimension of 'reg'"],
        ['sbuf one : »f32', "sbuf tensors are [partitions, free] with 1 to 128 partitions; 'one' is f32[4]"],
        ['sbuf six : »f32', "sbuf tensors have a partition dimension and at most 4 free dimensions, as the hardware's access patterns; 'six' is f32[2, 2, 2, 2, 2, 2]"],
        ['sbuf wide : »f32', "sbuf tensors are [partitions, free] with 1 to 128 partitions; 'wide' is f32[129, 4]"],
        ['psum pw : »f32', "psum tensors are [partitions, free] with 1 to 128 partitions; 'pw' is f32[200, 4]"],
      ]);
    });

    it('takes dimensions from constant expressions', () => {
      const p = expectProgram(['module m', 'const P = 64', 'dram t : f32[P * 2, P / 4 + 1]', 'func main() {', '  sbuf s : i8[P, 2 ** 10]', '}', ''].join('\n'));
      assert.deepStrictEqual(p.drams[0].shape, [128, 17]);
      assert.deepStrictEqual(p.main.allocs[0].shape, [64, 1024]);
    });

    it('accepts every dtype of the MX formats, and gives BIR\'s name for an NKI one', () => {
      const names = ['fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0', 'fp4e2m1', 'fp8e4m3fn_x4', 'fp8e5m2_x4', 'fp4e2m1_x4'];
      const p = expectProgram(['module m', ...names.map((d, i) => `dram t${i} : ${d}[4, 8]`), 'func main() {', ...names.map((d, i) => `  sbuf s${i} : ${d}[4, 8]`), '}', ''].join('\n'));
      assert.deepStrictEqual(p.drams.map((t) => t.dtype), names);
      expectDiagnostics(['module m', 'dram x : float8_e4m3fn[4]', 'dram y : float4_e2m1fn_x4[4]', 'func main() {', '}', ''].join('\n'), [
        ['dram x : »float8_e4m3fn', "unknown data type 'float8_e4m3fn' for 'x' (known: f32 bf16 f16 fp8e4m3 fp8e4m3fn"],
        ['dram y : »float4_e2m1fn_x4', "u8); NKI's float4_e2m1fn_x4 is fp4e2m1_x4 in BIR"],
      ]);
    });

    it('lets packed types only be moved as bits: copies of their own dtype or u32/u16, Memset, Load', () => {
      const decls = ['module m', 'dram q : fp8e5m2_x4[4, 8]', 'dram u : u32[4, 8]', 'dram h : u16[4, 8]', 'dram f : f32[4, 8]', 'dram r : fp4e2m1_x4[4, 8]', 'dram e : fp8e4m3fn_x4[4, 8]'];
      const body = (lines: string[]): string => [...decls, 'func main() {', '  sbuf a : fp8e5m2_x4[4, 8]', '  sbuf b : f32[4, 8]', ...lines.map((l) => `  ${l}`), '}', ''].join('\n');
      expectProgram(body(['DmaCopy a <- q', 'DmaCopy u <- a', 'DmaCopy a <- u', 'TensorCopy a <- a', 'Memset a <- 0', 'Load r1 <- a[0, 0]', 'DmaCopy r <- h', 'DmaCopy q <- a']));
      expectDiagnostics(body(['DmaCopy a <- f', 'DmaCopy h <- q', 'DmaCopy e <- q', 'TensorCopy b <- a']), [
        ['DmaCopy a <- f', 'DmaCopy cannot convert f32 to fp8e5m2_x4: a fp8e5m2_x4 element holds the bits of 4 fp8e5m2 values, and no rounding into or out of it is defined; copy it to or from fp8e5m2_x4 or u32 (its bits)'],
        ['DmaCopy h <- q', 'DmaCopy cannot convert fp8e5m2_x4 to u16'],
        ['DmaCopy e <- q', 'DmaCopy cannot convert fp8e5m2_x4 to fp8e4m3fn_x4'],
        ['TensorCopy b <- a', 'TensorCopy cannot convert fp8e5m2_x4 to f32'],
      ]);
      expectDiagnostics(body(['TensorScalar a <- b, op = add, scalar = 1', 'Activation b <- a, func = exp']), [
        ['TensorScalar »a <-', 'the destination of TensorScalar is fp8e5m2_x4, a packed type (4 fp8e5m2 in each 32-bit element): TensorScalar computes with values, and only DmaCopy, TensorCopy, Memset and Load move a packed element, as its bits (QuantizeMX makes packed MX data, MatMultMX multiplies its values)'],
        ['Activation b <- »a', 'the source of Activation is fp8e5m2_x4, a packed type'],
      ]);
    });

    it('holds only f32, i32 and bf16 (the MX matmul\'s output) in PSUM', () => {
      for (const dtype of ['f16', 'u8', 'fp8e4m3', 'i16', 'fp8e5m2_x4']) {
        expectDiagnostics(['module m', 'func main() {', `  psum p : ${dtype}[128, 4]`, '}', ''].join('\n'), [
          [`psum p : »${dtype}`, `PSUM holds f32, i32 or bf16 (the MX matmul's output) accumulators; 'p' is ${dtype}`],
        ]);
      }
      expectProgram(['module m', 'func main() {', '  psum p : f32[128, 4]', '  psum q : i32[128, 4]', '  psum b : bf16[128, 4]', '}', ''].join('\n'));
    });

    it('accepts allocations inside a loop or a branch, scoped to it (test/unit/scoped-allocations.test.ts)', () => {
      const p = expectStmtOk('for r0 in 0..2 {', '  sbuf t : f32[4, 4]', '}', 'if 1 {', '} else {', '  psum q : f32[4, 4]', '}');
      assert.deepStrictEqual(p.main.allocs.filter((a) => a.scope).map((a) => `${a.name}: ${a.scope}`), ['t: the loop at line 16', "q: the else branch of the 'if' at line 19"]);
    });

    it('accepts allocations after statements at the top level of the body', () => {
      const p = expectStmtOk('Memset a <- 0', 'sbuf late : f32[4, 4]', 'Memset late <- 1');
      assert.strictEqual(p.main.allocs[p.main.allocs.length - 1].name, 'late');
    });

    it('reports the DRAM limit with the sizes', () => {
      expectDiagnostics(['module m', 'dram a : f32[4, 4]', 'dram b : f32[2]', 'func main() {', '}', ''].join('\n'), [
        ['dram b', "'b' needs 8 bytes of DRAM; with the tensors before it that exceeds the limit of 70 bytes"],
      ], { dramLimitBytes: 70 });
      expectDiagnostics(['module m', 'dram s : f32[1024, 1024, 1024, 2]', 'func main() {', '}', ''].join('\n'), [
        ['dram s', "'s' needs 8589934592 bytes of DRAM; with the tensors before it that exceeds the limit of 4294967296 bytes"],
      ]);
    });
  });

  describe('placement', () => {
    it('places SBUF allocations on 64-byte boundaries and rounds the frame', () => {
      const p = expectProgram([
        'module m',
        'func main() {',
        '  sbuf a : bf16[128, 3]',
        '  sbuf b : f32[64, 10]',
        '  sbuf c : u8[1, 1]',
        '  sbuf d : f32[2, 100]',
        '  sbuf e : fp8e5m2[16, 64]',
        '}',
        '',
      ].join('\n'));
      assert.deepStrictEqual(p.main.allocs.map((a) => [a.name, a.memory, a.placement.partitions, a.placement.offset, a.placement.bytesPerPartition]), [
        ['a', 'sbuf', 128, 0, 6],
        ['b', 'sbuf', 64, 64, 40],
        ['c', 'sbuf', 1, 128, 1],
        ['d', 'sbuf', 2, 192, 400],
        ['e', 'sbuf', 16, 640, 64],
      ]);
      assert.strictEqual(p.main.sbufFrameBytes, 704);
      assert.strictEqual(p.main.psumFrameBytes, 0);
    });

    it('keeps a PSUM allocation inside a 2 KiB bank, and starts a larger one on a bank', () => {
      const p = expectProgram([
        'module m',
        'func main() {',
        '  psum p : f32[128, 100]',
        '  psum q : f32[128, 400]',
        '  psum r : f32[128, 20]',
        '  psum s : i32[128, 1024]',
        '  psum t : f32[1, 1]',
        '  psum u : f32[128, 512]',
        '  sbuf v : f32[128, 1]',
        '}',
        '',
      ].join('\n'));
      assert.deepStrictEqual(p.main.allocs.map((a) => [a.name, a.placement.offset, a.placement.bytesPerPartition]), [
        ['p', 0, 400],
        ['q', 400, 1600],
        ['r', 2048, 80],
        ['s', 4096, 4096],
        ['t', 8192, 4],
        ['u', 10240, 2048],
        ['v', 0, 4],
      ]);
      assert.strictEqual(p.main.psumFrameBytes, 12288);
      assert.strictEqual(p.main.sbufFrameBytes, 64);
      // Every allocation that fits in a bank sits in one.
      for (const a of p.main.allocs.filter((x) => x.memory === 'psum' && x.placement.bytesPerPartition <= 2048)) {
        assert.strictEqual(Math.floor(a.placement.offset / 2048), Math.floor((a.placement.offset + a.placement.bytesPerPartition - 1) / 2048), a.name);
      }
    });

    it('places each function in its own frame, the same way at any depth', () => {
      const p = expectProgram([
        'module m',
        'func main() {',
        '  sbuf a : f32[128, 10]',
        '  call f()',
        '}',
        'func f() {',
        '  sbuf b : f32[128, 20]',
        '  psum q : f32[128, 4]',
        '}',
        '',
      ].join('\n'));
      const f = findFunction(p, 'm::f');
      assert.deepStrictEqual(f.allocs.map((a) => a.placement.offset), [0, 0]);
      assert.strictEqual(f.sbufFrameBytes, 128);
      assert.strictEqual(f.psumFrameBytes, 2048);
      assert.strictEqual(p.main.sbufFrameBytes, 64);
      // Slots: tensor parameters first, then allocations.
      assert.deepStrictEqual(f.allocs.map((a) => a.slot), [0, 1]);
      assert.strictEqual(f.tensorSlots, 2);
    });

    it('reports an allocation that does not fit in its function, with the sizes', () => {
      expectDiagnostics([
        'module m',
        'func main() {',
        '  sbuf a : f32[128, 40000]',
        '  sbuf b : f32[128, 10000]',
        '  psum p : f32[128, 2048]',
        '  psum q : f32[128, 2048]',
        '  psum r : f32[128, 1]',
        '}',
        '',
      ].join('\n'), [
        ['sbuf b', "sbuf allocation 'b' (f32[128, 10000], 40000 bytes per partition) does not fit in 'm::main': it would end at byte 200000 but SBUF has 196608 bytes per partition (160000 bytes are used by 'a')"],
        ['psum r', "psum allocation 'r' (f32[128, 1], 4 bytes per partition) does not fit in 'm::main': it would end at byte 16388 but PSUM has 16384 bytes per partition (16384 bytes are used by 'p', 'q')"],
      ]);
    });

    it('reports a call whose chain of frames overflows SBUF, once, at the call that does not fit', () => {
      // Frames round up to 64 bytes: main 100032 + f 60032 fits; g (40000) does not fit above them.
      expectDiagnostics([
        'module m',
        'func main() {',
        '  sbuf a : f32[128, 25000]',
        '  call f()',
        '  call g()',
        '}',
        'func f() {',
        '  sbuf b : f32[128, 15000]',
        '  call g()',
        '}',
        'func g() {',
        '  sbuf c : f32[128, 10000]',
        '}',
        '',
      ].join('\n'), [
        ['@9:3', "call to 'm::g' overflows SBUF: its frame needs 40000 bytes per partition but the chain m::main -> m::f already uses 160064 of 196608"],
      ]);
    });

    it('reports a call chain that overflows PSUM', () => {
      expectDiagnostics([
        'module m',
        'func main() {',
        '  psum a : f32[128, 2048]',
        '  call f()',
        '}',
        'func f() {',
        '  psum b : f32[128, 2049]',
        '}',
        '',
      ].join('\n'), [
        ['@4:3', "call to 'm::f' overflows PSUM: its frame needs 10240 bytes per partition but the chain m::main already uses 8192 of 16384"],
      ]);
    });

    it('does not bound recursive calls before the run', () => {
      expectProgram(['module m', 'func main() {', '  call f(3)', '}', 'func f(r1) {', '  sbuf t : f32[128, 40000]', '  if r1 > 0 {', '    call f(r1 - 1)', '  }', '}', ''].join('\n'));
    });
  });

  describe('instructions', () => {
    it('checks operand counts and destinations', () => {
      expectStmt('DmaCopy a', ['DmaCopy a', 'DmaCopy needs a destination: DmaCopy dst <- src']);
      expectStmt('DmaCopy a <- x, y', ['DmaCopy a <- x, y', 'DmaCopy takes 1 operand, found 2: DmaCopy dst <- src']);
      expectStmt('Iota a <- 1', ['Iota a <- 1', 'Iota takes 0 operands, found 1: Iota dst <- base = 0, pstep = 0, fstep = 1']);
      expectStmt('MatMult acc <- a', ['MatMult acc <- a', 'MatMult takes 2 operands, found 1']);
      expectStmt('Select a <- c, a', ['Select a <- c, a', 'Select takes 3 operands, found 2']);
      expectStmt('Barrier a', ['Barrier a', 'Barrier takes 0 operands, found 1: Barrier']);
      expectStmt('Barrier a <- b', ['Barrier »a <- b', 'Barrier has no destination: Barrier']);
      expectStmt('Print y <- a', ['Print »y', 'Print has no destination']);
      expectStmt('Assert a, 3', ['Assert a, 3', 'Assert takes a condition and an optional message']);
      expectStmt('Assert', ['Assert', 'Assert takes a condition and an optional message']);
      expectStmt('Assert.close a', ['Assert.close a', 'Assert.close takes two tensors and an optional message']);
      expectStmt('Assert.close a, b, 3', ['Assert.close a, b, 3', 'Assert.close takes two tensors and an optional message']);
      expectStmt('Load r1', ['Load r1', 'Load needs a destination']);
    });

    it('reports unknown opcodes with a suggestion', () => {
      expectStmt('DmaCpy a <- x', ['DmaCpy', "unknown opcode 'DmaCpy'; did you mean 'DmaCopy'?"]);
      expectStmt('Matmult acc <- a, b', ['Matmult', "unknown opcode 'Matmult'; did you mean 'MatMult'?"]);
      expectStmt('Nop', ['Nop', "unknown opcode 'Nop'"]);
      expectStmt('Assert.clos a, b', ['Assert.clos', "unknown opcode 'Assert.clos'; did you mean 'Assert.close'?"]);
      expectStmt('Assert.near a, b', ['Assert.near', "unknown opcode 'Assert.near'"]);
    });

    it('checks memory kinds', () => {
      const dram = "is in DRAM (engines read on-chip memory; copy it with DmaCopy first)";
      expectStmt('TensorCopy a <- x', ['TensorCopy a <- »x', `the source of TensorCopy must be in SBUF or PSUM, but 'x' ${dram}`]);
      expectStmt('TensorCopy y <- a', ['TensorCopy »y', "the destination of TensorCopy must be in SBUF or PSUM, but 'y' is in DRAM"]);
      expectStmt('Memset x <- 0', ['Memset »x', "the destination of Memset must be in SBUF or PSUM, but 'x' is in DRAM"]);
      expectStmt('Iota y <- base = 1', ['Iota »y', 'the destination of Iota must be in SBUF or PSUM']);
      expectStmt('MatMult a <- a, b', ['MatMult »a', "the destination of MatMult must be in PSUM, but 'a' is in SBUF"]);
      expectStmt('MatMult p <- x, b', ['MatMult p <- »x', "the stationary operand of MatMult must be in SBUF, but 'x' is in DRAM"]);
      expectStmt('MatMult p <- a[0:128, 0:64], p', ['MatMult p <- a[0:128, 0:64], »p', "the moving operand of MatMult must be in SBUF, but 'p' is in PSUM"]);
      expectStmt('Transpose k <- a', ['Transpose »k', "the destination of Transpose must be in PSUM, but 'k' is in SBUF"]);
      expectStmt('Transpose pt <- p', ['Transpose pt <- »p', "the source of Transpose must be in SBUF, but 'p' is in PSUM"]);
      expectStmt('Activation a <- x', ['Activation a <- »x', "the source of Activation must be in SBUF or PSUM, but 'x' is in DRAM"]);
      expectStmt('TensorTensor a <- a, x, op = add', ['TensorTensor a <- a, »x', "the second operand of TensorTensor must be in SBUF or PSUM"]);
      expectStmt('TensorScalar a <- x, op = add, scalar = 1', ['TensorScalar a <- »x', 'the operand of TensorScalar must be in SBUF or PSUM']);
      expectStmt('TensorReduce c <- x, op = add', ['TensorReduce c <- »x', 'the source of TensorReduce must be in SBUF or PSUM']);
      expectStmt('Select a <- x, a, b', ['Select a <- »x', 'the condition of Select must be in SBUF or PSUM']);
      expectStmt('Select a <- b, x, b', ['Select a <- b, »x', 'the choice of Select must be in SBUF or PSUM']);
      expectStmt('Activation a <- b, scale = x[0:128, 0:1]', ['scale = »x', "the attribute 'scale' of Activation must be in SBUF or PSUM"]);
      expectStmtOk('DmaCopy a <- x', 'DmaCopy y <- a', 'DmaCopy p <- a', 'DmaCopy y <- p', 'DmaCopy x <- y', 'Load r1 <- x[0, 0]', 'Load r2 <- p[1, 1]');
    });

    it('checks shapes', () => {
      expectStmt('DmaCopy a <- x[0:64, :]', ['DmaCopy a <- x[0:64, :]', "DmaCopy: the destination 'a' is [128, 64] but the source 'x[0:64, :]' is [64, 64]; they must have the same shape (dimensions of size 1 aside)"]);
      expectStmt('DmaCopy a[0:2, 0:32] <- d3', ['DmaCopy a[0:2', "the source 'd3' is [2, 4, 8]"]);
      expectStmt('TensorCopy a <- k', ['TensorCopy a <- k', "TensorCopy: 'a' is [128, 64] but 'k' is [64, 128]; the shapes must be equal"]);
      expectStmt('TensorTensor a <- a, c, op = add', ['TensorTensor a <- a, c', "TensorTensor: 'c' is [128, 1], one value per partition, but 'a' is [128, 64]; to apply it along the free dimension use TensorScalar dst <- a, op = add, scalar = c, or broadcast it: c.bcast(64)"]);
      expectStmt('TensorTensor a <- b, k, op = add', ['TensorTensor a <- b, k', "TensorTensor: 'b' is [128, 64] but 'k' is [64, 128]"]);
      expectStmt('Activation a <- k', ['Activation a <- k', "Activation: 'a' is [128, 64] but 'k' is [64, 128]"]);
      expectStmt('TensorScalar a <- k, op = add, scalar = 1', ['TensorScalar a <- k', "TensorScalar: 'a' is [128, 64] but 'k' is [64, 128]"]);
      expectStmt('Select a <- c, a, b', ['Select a <- c, a, b', "Select: 'a' is [128, 64] but 'c' is [128, 1]"]);
      expectStmt('Select a <- a, 1, c', ['Select a <- a, 1, c', "Select: 'a' is [128, 64] but 'c' is [128, 1]"]);
      expectStmt('TensorReduce a <- a, op = add', ['TensorReduce a <- a', "TensorReduce reduces along the free dimension: for 'a' [128, 64] the destination must be [128, 1], but 'a' is [128, 64]"]);
      expectStmt('TensorReduce c[0:64, :] <- a, op = max', ['TensorReduce c[0:64', "but 'c[0:64, :]' is [64, 1]"]);
      expectStmt('Load r1 <- a', ['Load r1 <- »a', "Load reads one element, but 'a' is [128, 64]"]);
      expectStmt('Load r1 <- a[0, 0:2]', ['Load r1 <- »a', "Load reads one element, but 'a[0, 0:2]' is [2]"]);
      expectStmt('Transpose p <- a', ['Transpose p <- a', "Transpose: the source 'a' is [128, 64], so the destination must be [64, 128], but 'p' is [128, 64]"]);
      expectStmtOk(
        'DmaCopy a[0:1, 0:64] <- x[3, :]',
        'DmaCopy a[0:2, 0:8] <- d3[0:2, 0:1, 0:8]',
        'TensorCopy h <- a',
        'Transpose pt <- a',
        'Select a <- a, 1, b',
        'TensorReduce c <- a, op = add',
        'Load r1 <- a[3, 7]',
        'Load r1 <- a[3:4, 7]',
      );
    });

    it('checks MatMult: dtype, contraction, sizes and limits', () => {
      expectDiagnostics([
        'module m',
        'func main() {',
        '  sbuf s : bf16[128, 128]',
        '  sbuf mv : bf16[128, 1024]',
        '  sbuf k64 : bf16[64, 128]',
        '  psum acc : f32[128, 512]',
        '  psum wide : f32[128, 1024]',
        '  psum ai : i32[128, 512]',
        '  MatMult ai <- s, mv[:, 0:512]',
        '  MatMult acc <- k64, mv[:, 0:512]',
        '  MatMult acc[0:64, :] <- s, mv[:, 0:512]',
        '  MatMult acc[:, 0:256] <- s, mv[:, 0:512]',
        '  MatMult wide <- s, mv',
        '  MatMult acc <- s, mv[:, 0:512], accumulate = 1',
        '  MatMult acc <- s, mv[:, 0:512], accumulate = r0 > 0, transpose = 1',
        '}',
        '',
      ].join('\n'), [
        ['MatMult »ai', "MatMult accumulates in f32: the destination 'ai' must be f32, not i32"],
        ['MatMult acc <- k64', "MatMult: the contraction sizes differ: stationary 'k64' has K = 64 partitions, moving 'mv[:, 0:512]' has K = 128"],
        ['MatMult acc[0:64, :]', "MatMult: the destination 'acc[0:64, :]' has 64 partitions but the stationary operand has M = 128 columns"],
        ['MatMult acc[:, 0:256]', "MatMult: the destination 'acc[:, 0:256]' has 256 columns but the moving operand has N = 512 columns"],
        ['MatMult wide', "MatMult: N = 1024 exceeds the tensor engine's limit of 512"],
        ['»transpose', "MatMult has no attribute 'transpose' (its attributes: accumulate, perf_mode, mask)"],
      ]);
    });

    it('checks MatMult perf_mode = double_row: fp8 operands [K, 2, M] and [K, 2, N]', () => {
      expectDiagnostics([
        'module m',
        'func main() {',
        '  sbuf s8 : fp8e4m3[128, 2, 128]',
        '  sbuf m8 : fp8e5m2[128, 2, 512]',
        '  sbuf fn : fp8e4m3fn[128, 2, 512]',
        '  sbuf sb : bf16[128, 2, 128]',
        '  sbuf flat : fp8e4m3[128, 256]',
        '  sbuf three : fp8e4m3[128, 3, 128]',
        '  psum acc : f32[128, 512]',
        '  MatMult acc <- s8, m8, perf_mode = double_row',
        '  MatMult acc[:, 0:256] <- flat[:, 0:128], flat, perf_mode = none',
        '  MatMult acc <- sb, m8, perf_mode = double_row',
        '  MatMult acc <- s8, fn, perf_mode = double_row',
        '  MatMult acc[:, 0:128] <- s8, flat, perf_mode = double_row',
        '  MatMult acc <- three, m8, perf_mode = double_row',
        '  MatMult acc <- s8, m8, perf_mode = quad_row',
        '  MatMult acc[0:64, :] <- s8, m8, perf_mode = double_row',
        '}',
        '',
      ].join('\n'), [
        ['MatMult acc <- sb', "MatMult with perf_mode = double_row multiplies fp8 values (fp8e4m3, fp8e5m2 or fp8e4m3fn): the stationary operand 'sb' is bf16 (NKI nc_matmul, data types)"],
        ['MatMult acc <- s8, fn', "MatMult: the stationary operand 's8' is fp8e4m3 and the moving operand 'fn' is fp8e4m3fn; the hardware's fp8e4m3 and OCP's fp8e4m3fn cannot be mixed in one matmul (NKI nc_matmul, data types)"],
        ['s8, »flat', "MatMult with perf_mode = double_row reads the moving operand 'flat' as [K, 2, N], its first free dimension of size 2 holding the two halves of the 2·K contraction; it is [128, 256] (NKI nc_matmul, layout)"],
        ['<- »three', "MatMult with perf_mode = double_row reads the stationary operand 'three' as [K, 2, M], its first free dimension of size 2 holding the two halves of the 2·K contraction; it is [128, 3, 128] (NKI nc_matmul, layout)"],
        ['»quad_row', "'quad_row'"],
        ['MatMult acc[0:64, :]', "MatMult: the destination 'acc[0:64, :]' has 64 partitions but the stationary operand has M = 128 columns"],
      ]);
    });

    it('checks Transpose: the source columns become partitions', () => {
      expectDiagnostics([
        'module m',
        'func main() {',
        '  sbuf s : f32[128, 256]',
        '  psum t : f32[128, 128]',
        '  Transpose t[r0:r1, 0:128] <- s',
        '}',
        '',
      ].join('\n'), [['Transpose t', 'Transpose: the source has 256 columns; they become partitions, at most 128']]);
    });

    it('checks attributes: unknown with a suggestion, twice, required, word values', () => {
      expectStmt('Iota a <- base = 1, gstep = 4', ['»gstep', "Iota has no attribute 'gstep'; did you mean 'pstep'?"]);
      expectStmt('Activation a <- b, fnc = relu', ['»fnc', "Activation has no attribute 'fnc'; did you mean 'func'?"]);
      expectStmt('DmaCopy a <- x, foo = 1', ['»foo', "DmaCopy has no attribute 'foo'"]);
      expectStmt('TensorTensor a <- a, b, op = add, op = sub', ['op = add, »op', "attribute 'op' is given twice"]);
      expectStmt('TensorTensor a <- a, b', ['TensorTensor', "TensorTensor needs the attribute 'op = ...' (one of add, sub, mul, div, max, min, pow, eq, ne, lt, le, gt, ge, and, or, xor, abs_max, abs_min, shl, shr, invert, abs, square, relu, rsqrt, reciprocal)"]);
      expectStmt('TensorScalar a <- b, scalar = 1', ['TensorScalar', "TensorScalar needs the attribute 'op = ...'"]);
      expectStmt('TensorScalar a <- b, op = add', ['TensorScalar', "TensorScalar: 'op = add' needs its operand 'scalar = ...'"]);
      expectStmt('TensorReduce c <- a', ['TensorReduce', "TensorReduce needs the attribute 'op = ...' (one of add, max, min, mul)"]);
      expectStmt('TensorScalar a <- b, op = add, scalar = 1, op1 = mul', ['TensorScalar', "TensorScalar: 'op1 = mul' needs its operand 'scalar1 = ...'"]);
      expectStmt('TensorTensor a <- a, b, op = ad', ['op = »ad', "'ad' is not a valid op for TensorTensor; did you mean 'add'? (one of add, sub,"]);
      expectStmt('TensorTensor a <- a, b, op = 3', ['op = »3', "'3' is not a valid op for TensorTensor"]);
      expectStmt('TensorTensor a <- a, b, op = "add"', ['op = »"add"', `'"add"' is not a valid op for TensorTensor`]);
      expectStmt('TensorReduce c <- a, op = sub', ['op = »sub', "'sub' is not a valid op for TensorReduce (one of add, max, min, mul)"]);
      expectStmt('Activation a <- b, func = rel', ['func = »rel', "'rel' is not a valid func for Activation; did you mean 'relu'?"]);
      expectStmt('Activation a <- b, func = relu, scale = a', ['scale = »a', "the attribute 'scale' of Activation must be a number, a register or a [P, 1] tensor; 'a' has 64 columns"]);
      expectStmt('Activation a <- b, bias = c[0:64, :]', ['Activation', "Activation: 'bias' 'c[0:64, :]' has 64 partitions but the data has 128"]);
      expectStmt('Activation a <- b, scale = "two"', ['scale = »"two"', "a string cannot be used as the attribute 'scale'"]);
      expectStmt('Iota a <- base = x', ['base = »x', "'x' is a tensor; the attribute 'base' must be a number or a register"]);
      expectStmt('Assert.close a, b, atol = 1e-3, btol = 2', ['»btol', "Assert.close has no attribute 'btol'; did you mean 'atol'?"]);
      expectStmt('Print a, level = 1', ['»level', "Print has no attribute 'level'"]);
      const p = expectStmtOk(
        'Activation a <- b, func = gelu, scale = c, bias = -0.5',
        'TensorScalar a <- b, op = mul, scalar = c, op1 = add, scalar1 = r0',
        'Iota a <- base = N, pstep = 64, fstep = 1',
        'MatMult acc[:, 0:256] <- w[:, 0:128], w[:, 0:256]',
        'Assert.close a, b, atol = 1e-3, rtol = 0, "close"',
      );
      const act = allNodes(p).find((n) => n.kind === 'instr' && n.opcode === 'Activation') as InstrNode;
      assert.deepStrictEqual([...act.attrs.keys()], ['func', 'scale', 'bias']);
      const func = act.attrs.get('func');
      assert.ok(func?.kind === 'word');
      assert.strictEqual(func.word, 'gelu');
      const scale = act.attrs.get('scale');
      assert.ok(scale?.kind === 'operand' && scale.operand.kind === 'tensor');
      assert.strictEqual(scale.operand.ap.text, 'c');
      const bias = act.attrs.get('bias');
      assert.ok(bias?.kind === 'operand' && bias.operand.kind === 'scalar');
      assert.deepStrictEqual(bias.operand.expr, { kind: 'const', value: -0.5 });
    });

    it('checks scalar operands', () => {
      expectStmt('Memset a <- b', ['Memset a <- »b', "'b' is a tensor; the value of Memset must be a number or a register (use 'Load' to read one element into a register)"]);
      expectStmt('Memset a <- "s"', ['Memset a <- »"s"', 'a string cannot be used as the value of Memset; a number or a register is expected']);
      expectStmt('Memset a <- b[0, 0]', ['Memset a <- »b', 'a tensor cannot be used as the value of Memset']);
      expectStmt('Set r1 = foo(1)', ['Set r1 = »foo', "unknown function 'foo' in the value of Set (known: min, max, abs, floor, ceil, sqrt)"]);
      expectStmt('Set r1 = min(1)', ['Set r1 = »min', "'min' takes 2 arguments, found 1"]);
      expectStmt('Set r1 = abs(1, 2)', ['Set r1 = »abs', "'abs' takes 1 argument, found 2"]);
      expectStmt('Set r20 = 1', ['Set »r20', "'r20' is not a register: Set writes r0..r15"]);
      expectStmt('Set x = 1', ['Set »x', "'x' is not a register: Set writes r0..r15"]);
      expectStmt('Load a <- a[0, 0]', ['Load »a', 'the destination of Load must be a register r0..r15']);
      expectStmt('Set r1 = r16', ['Set r1 = »r16', "unknown name 'r16'"]);
      expectStmtOk('Set r15 = core * ncores + min(r0, 2) % 3 ** 2', 'Memset a <- -inf', 'Memset a <- nan', 'Memset a <- r15');
    });

    it('checks the evaluate expressions of Print and Assert', () => {
      expectStmt('Assert sum(a, b) > 0', ['Assert »sum', "'sum' takes 1 argument, found 2"]);
      expectStmt('Assert allclose(a)', ['Assert »allclose', "'allclose' takes 2 to 4 arguments, found 1"]);
      expectStmt('Assert foo(a)', ['Assert »foo', "unknown function 'foo'"]);
      expectStmt('Assert summ(a) > 0', ['Assert »summ', "unknown function 'summ'; did you mean 'sum'?"]);
      expectStmt('Assert allclose(a, b, ato = 1)', ['»ato', "'allclose' has no argument 'ato' (its named arguments: atol, rtol)"]);
      expectStmt('Assert max(a, atol = 1)', ['»atol', "'max' has no argument 'atol'"]);
      expectStmt('Print a.Q', ['Print »a', "unknown view '.Q' (known: .view(dtype), .reshape(d, ...), .permute(a, ...), .broadcast(dim, size), .T, .bcast(n))"]);
      expectStmt('Assert "yes"', ['Assert »"yes"', 'a string is not a value here; only the message of Assert and the operands of Print may be strings']);
      expectStmt('Assert.close "a", b', ['Assert.close »"a"', 'a string is not a value here']);
      expectStmt('Assert.close a, b + "s"', ['Assert.close a, b + »"s"', 'a string is not a value here']);
      expectStmtOk(
        'Print "y[0, 0:4] =", a[0:1, 0:4], r0, N, core, "\\t"',
        'Assert all(a >= 0) && !any(isnan(b)), "relu"',
        'Assert allclose(a, b, atol = 1e-3, rtol = 0)',
        'Print max(a, 1), mean(a[0, :]), count(x), a.T, c.bcast(4)',
      );
    });
  });

  describe('access patterns', () => {
    it('a slice whose start depends on registers is refused when its length exceeds the dimension', () => {
      expectStmt('Memset a[0:128, r0 : r0 + 100] <- 0', ['r0 : r0 + 100', 'slice of length 100 is longer than dimension 1 of \'a\' (size 64)']);
      expectStmtOk('Set r0 = 0', 'Memset a[0:128, r0 : r0 + 64] <- 0');
    });

    it('reports constant slices and indices out of bounds', () => {
      expectStmt('DmaCopy a <- x[0:129, :]', ['x[0:»129', "slice end 129 is out of bounds for dimension 0 of 'x' (size 128)"]);
      expectStmt('DmaCopy a[0:1, :] <- x[128, :]', ['x[»128', "index 128 is out of bounds for dimension 0 of 'x' (size 128)"]);
      expectStmt('DmaCopy a[0:1, :] <- x[-1, :]', ['x[»-1', "index -1 is out of bounds for dimension 0 of 'x' (size 128)"]);
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 64:]', ['x[0, »64', "slice start 64 is out of bounds for dimension 1 of 'x' (size 64)"]);
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 0:N*9]', ['x[0, 0:»N', "slice end 72 is out of bounds for dimension 1 of 'x' (size 64)"]);
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 0:2.5]', ['x[0, 0:»2.5', "slice end 2.5 is out of bounds"]);
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, :, 1]', ['DmaCopy a[0:1, 0:8] <- »x', "'x' has 2 dimensions but 3 indices are given"]);
      expectStmt('Memset a[0:128, 64] <- 0', ['a[0:128, »64', "index 64 is out of bounds for dimension 1 of 'a' (size 64)"]);
    });

    it('reports empty slices', () => {
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 8:8]', ['x[0, »8:8', "empty slice of dimension 1 of 'x': the end must be greater than the start (length 0)"]);
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 9:8]', ['x[0, »9:8', '(length -1)']);
      expectDiagnostics(prog(['for r0 in 0..2 {', '  DmaCopy a[0:128, r0 : r0] <- x[0:128, 0:16]', '}']), [
        ['a[0:128, »r0 : r0', "empty slice of dimension 1 of 'a': the end must be greater than the start (length 0)"],
      ]);
    });

    it('checks slice steps', () => {
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 0:16:0]', ['0:16:»0', "the step of a slice of dimension 1 of 'x' must be an integer ≥ 1, found 0"]);
      expectStmt('DmaCopy a[0:1, 0:8] <- x[0, 0:16:1.5]', ['0:16:»1.5', 'must be an integer ≥ 1, found 1.5']);
      const p = expectStmtOk('DmaCopy a[0:1, 0:8] <- x[0, 0:16:2]', 'DmaCopy a[0:1, 0:3] <- x[0, 0:8:3]', 'DmaCopy a[0:1, 0:32] <- x[0, ::2]', 'DmaCopy a[0:1, 0:21] <- x[0, 1::3]');
      const shapes = allNodes(p).filter((n): n is InstrNode => n.kind === 'instr').map((n) => (n.srcs[0].kind === 'tensor' ? n.srcs[0].ap.shape : []));
      assert.deepStrictEqual(shapes, [[8], [3], [32], [21]]);
    });

    it('works out the length of slices whose bounds differ by a constant', () => {
      expectDiagnostics(prog(['for r0 in 0..8 {', '  DmaCopy a[0:128, r0*8 : r0*8+8] <- x[0:128, 0:16]', '}']), [
        ['DmaCopy a[0:128, r0*8', "DmaCopy: the destination 'a[0:128, r0*8 : r0*8+8]' is [128, 8] but the source 'x[0:128, 0:16]' is [128, 16]"],
      ]);
      const p = expectProgram(prog([
        'for r0 in 0..8 {',
        '  DmaCopy a[0:128, r0*8 : r0*8+8] <- x[0:128, r0*8 : r0*8+8]',
        '  DmaCopy a[0:128, r0*N : (r0+1)*N] <- x[0:128, 0:N]',
        '  DmaCopy a[0:128, r0 : 2*r0] <- x[0:128, 0:16]',
        '  TensorTensor a[0:128, 8*r0+1 : 8*r0+9] <- b[0:128, 0:8], b[:, r0 + 3 - 3 : r0 + 8], op = add',
        '}',
      ]));
      const dsts = allNodes(p).filter((n): n is InstrNode => n.kind === 'instr').map((n) => (n.dst?.kind === 'tensor' ? n.dst.ap.shape : []));
      assert.deepStrictEqual(dsts, [[128, 8], [128, 8], [128, undefined], [128, 8]]);
    });

    it('compares symbolic lengths between operands of an engine instruction', () => {
      expectDiagnostics(prog(['for r0 in 0..4 {', '  TensorTensor a[:, r0 : r0+4] <- b[:, r0 : r0+4], b[:, 0:8], op = add', '}']), [
        ['TensorTensor', "TensorTensor: 'b[:, r0 : r0+4]' is [128, 4] but 'b[:, 0:8]' is [128, 8]"],
      ]);
    });

    it('reads .T only in DmaCopy', () => {
      expectStmt('TensorCopy k <- a.T', ['TensorCopy k <- »a.T', "'.T' is a strided view only DmaCopy can read; use Transpose on the tensor engine to transpose on chip"]);
      expectStmt('Activation k <- a.T', ['Activation k <- »a.T', "'.T' is a strided view only DmaCopy can read"]);
      expectStmt('MatMult acc <- w[:, 0:128].T, w', ['MatMult acc <- »w', "'.T' is a strided view only DmaCopy can read"]);
      expectStmt('DmaCopy a <- x.T', ['DmaCopy a <- x.T', "DmaCopy: the destination 'a' is [128, 64] but the source 'x.T' is [64, 128]"]);
      expectStmt('DmaCopy a <- x[0, 0:8].T', ['DmaCopy a <- »x', "'.T' swaps the last two dimensions, but this view of 'x' has 1"]);
      const p = expectStmtOk('DmaCopy k <- x.T', 'DmaCopy a[0:8, :] <- k[:, 0:8].T');
      const first = allNodes(p).find((n) => n.kind === 'instr') as InstrNode;
      assert.ok(first.srcs[0].kind === 'tensor' && first.srcs[0].ap.transpose);
      assert.deepStrictEqual(first.srcs[0].kind === 'tensor' && first.srcs[0].ap.shape, [64, 128]);
    });

    it('checks .bcast(n) and unknown views', () => {
      expectStmt('TensorTensor a <- a, b[:, 0:2].bcast(64), op = add', ['a, »b', "'.bcast(64)' repeats a [P, 1] view along its last dimension, but the view's last dimension is 2"]);
      expectStmt('TensorTensor a <- a, c.bcast(0), op = add', ['bcast(»0', 'the size of .bcast(n) must be an integer ≥ 1, found 0']);
      expectStmt('DmaCopy a <- x.Q', ['DmaCopy a <- »x.Q', "unknown view '.Q' (known: .view(dtype), .reshape(d, ...), .permute(a, ...), .broadcast(dim, size), .T, .bcast(n))"]);
      expectStmt('DmaCopy a <- 3', ['DmaCopy a <- »3', 'expected a tensor access pattern, like t, t[0:128, 0:64], t.T or t[0:128, 0:1].bcast(64)']);
      const p = expectStmtOk('TensorTensor a <- a, c.bcast(64), op = mul', 'TensorTensor a <- a, b[:, 0:1].bcast(N * 8), op = add');
      const tt = allNodes(p).find((n) => n.kind === 'instr') as InstrNode;
      assert.ok(tt.srcs[1].kind === 'tensor');
      assert.deepStrictEqual(tt.srcs[1].ap.shape, [128, 64]);
      assert.deepStrictEqual(tt.srcs[1].ap.bcast, { kind: 'const', value: 64 });
    });

    it('takes on-chip views of several free dimensions, and counts their free elements together', () => {
      const text = ['module m', 'func main() {', '}', 'func f(t: sbuf f32[2, 2, 2], u: f32[2, 2, 2], w: sbuf f32[2, 4]) {', '  TensorCopy t <- u', '  DmaCopy t <- u', '  TensorCopy w <- t', '  TensorCopy w <- t[0:2, 0:1]', '}', ''].join('\n');
      expectDiagnostics(text, [['TensorCopy w <- t[0:2, 0:1]', "TensorCopy: 'w' is [2, 4] but 't[0:2, 0:1]' is [2, 1, 2]; the shapes must be equal (free dimensions count together: the same partitions and elements per partition)"]]);
    });
  });

  describe('loops and registers', () => {
    it('rejects writing a loop register inside its loop', () => {
      expectDiagnostics(prog(['for r0 in 0..8 {', '  Set r0 = 1', '  if r0 > 2 {', '    Load r0 <- x[0, 0]', '  }', '}']), [
        ['Set »r0', 'r0 is the register of the loop at line'],
        ['Load »r0', 'r0 is the register of the loop at line'],
      ]);
      const r = check(prog(['for r0 in 0..8 {', '  Set r0 = 1', '}']));
      const loopLine = pos(prog(['for r0 in 0..8 {', '  Set r0 = 1', '}']), 'for r0').split(':')[0];
      assert.ok(r.diagnostics[0].message.endsWith(`the loop at line ${loopLine}; writing it inside the loop would change the iteration`));
    });

    it('rejects a nested loop over the register of an enclosing loop, and still checks its body', () => {
      expectDiagnostics(prog(['for r0 in 0..8 {', '  for r1 in 0..2 {', '    for r0 in 0..2 {', '      Set r2 = zz', '    }', '  }', '}']), [
        ['for »r0 in 0..2', 'r0 is already the register of the enclosing loop at line'],
        ['Set r2 = »zz', "unknown name 'zz'"],
      ]);
    });

    it('rejects a loop over a name that is not a register, and still checks its body', () => {
      expectDiagnostics(prog(['for i in 0..2 {', '  Set r2 = qq', '}', 'for r16 in 0..2 {', '}']), [
        ['for »i', "'i' is not a register: a loop counts in r0..r15"],
        ['Set r2 = »qq', "unknown name 'qq'"],
        ['for »r16', "'r16' is not a register: a loop counts in r0..r15"],
      ]);
    });

    it('reports a zero step and tensors in loop bounds and conditions', () => {
      expectDiagnostics(prog(['for r0 in 0..2 step 0 {', '}', 'for r1 in 0..a {', '}', 'if a {', '}', 'if x[0, 0] > 1 {', '}']), [
        ['step »0', 'the step of a loop cannot be 0'],
        ['0..»a', "'a' is a tensor; the end of the loop must be a number or a register"],
        ['if »a', "'a' is a tensor; the condition of 'if' must be a number or a register"],
        ['if »x[0, 0]', "a tensor cannot be used as the condition of 'if'"],
      ]);
    });

    it('allows sibling loops over one register, writing it after the loop, and callees using it', () => {
      expectProgram(prog([
        'for r0 in 0..2 {',
        '  call f(r0)',
        '}',
        'for r0 in 0..N step 2 {',
        '  for r1 in r0..N {',
        '  }',
        '}',
        'Set r0 = 5',
      ], ['func f(r1) {', '  for r0 in 0..r1 {', '  }', '  Set r0 = 1', '}']));
    });
  });

  describe('calls', () => {
    it('a transposed or broadcast on-chip view cannot be passed to a parameter (only DmaCopy reads it)', () => {
      const text = prog(['call f(k.T)'], ['func f(t: f32[128, 64]) {', '  Memset t <- 1', '}']);
      expectDiagnostics(text, [['k.T', 'is a transposed view; only DmaCopy can read it']]);
    });

    const callee = [
      'func helper(t: sbuf f32[128, 64]) {',
      '}',
      'func scal(t: f32[128, 64], r3) {',
      '  Set r1 = r3',
      '}',
      'func anywhere(t: f32[128, 64]) {',
      '}',
    ];

    it('reports unknown functions with a suggestion', () => {
      expectDiagnostics(prog(['call nothere()', 'call helpr(a)'], callee), [
        ['call »nothere', "unknown function 'nothere' in module 'm'"],
        ['call »helpr', "unknown function 'helpr' in module 'm'; did you mean 'helper'?"],
      ]);
    });

    it('checks the argument count', () => {
      expectDiagnostics(prog(['call helper(a, a)', 'call scal(a)'], callee), [
        ['call helper(a, a)', "'m::helper' takes 1 argument, found 2"],
        ['call scal(a)', "'m::scal' takes 2 arguments, found 1"],
      ]);
    });

    it('checks dtypes, shapes and memories of tensor arguments', () => {
      expectDiagnostics(prog(['call helper(h)', 'call helper(a[0:64, :])', 'call helper(p)', 'call helper(3)', 'call anywhere(a[0, :])'], callee), [
        ['call helper(»h)', "'h' is bf16 but parameter 't' of 'm::helper' is f32"],
        ['call helper(»a[0:64', "'a[0:64, :]' is [64, 64] but parameter 't' of 'm::helper' is [128, 64]"],
        ['call helper(»p)', "'p' is in PSUM but parameter 't' of 'm::helper' must be in SBUF"],
        ['call helper(»3)', 'expected a tensor access pattern'],
        ['call anywhere(»a[0, :])', "'a[0, :]' is [64] but parameter 't' of 'm::anywhere' is [128, 64]"],
      ]);
      expectProgram(prog(['call helper(a)', 'call anywhere(x)', 'call anywhere(p)', 'for r0 in 0..2 {', '  call anywhere(w[:, r0*64 : r0*64+64])', '  call anywhere(w[:, r0 : r1])', '}'], callee));
    });

    it('checks register parameters', () => {
      expectDiagnostics(prog(['call scal(a, a)', 'call scal(a, "s")'], callee), [
        ['call scal(a, »a)', "parameter r3 of 'm::scal' is a register: pass a number or a register, not a tensor"],
        ['call scal(a, »"s")', "a string cannot be used as argument r3 of 'm::scal'"],
      ]);
      const p = expectProgram(prog(['call scal(a, r0 * 2 + N)'], callee));
      const call = allNodes(p).find((n) => n.kind === 'call');
      assert.ok(call && call.kind === 'call');
      assert.strictEqual(call.callee.fullName, 'm::scal');
      assert.deepStrictEqual(call.args.map((a) => a.kind), ['tensor', 'scalar']);
      assert.deepStrictEqual(findFunction(p, 'm::scal').params.map((x) => x.kind === 'register' ? `r${x.index}` : x.name), ['t', 'r3']);
    });

    it('calls functions of its own module by full name, and rejects longer names', () => {
      expectDiagnostics(prog(['call m::helper(a)', 'call a::b::c()'], callee), [
        ['call »a::b::c', "'a::b::c' is not a function name: write 'f' or 'module::f'"],
      ]);
    });
  });

  describe('modules and imports', () => {
    const lib = ['module lib', 'const K = 2', 'func scale(t: f32[128, 64]) {', '  TensorScalar t <- t, op = mul, scalar = K', '}', 'func g() {', '}', ''].join('\n');

    it('calls an imported function as module::name', () => {
      const p = expectProgram({
        'main.bir': ['module m', 'import "lib.bir"', 'func main() {', '  sbuf a : f32[128, 64]', '  Memset a <- 1', '  call lib::scale(a)', '}', ''].join('\n'),
        'lib.bir': lib,
      });
      assert.deepStrictEqual(p.modules.map((m) => m.name), ['m', 'lib']);
      assert.strictEqual(p.entry.name, 'm');
      assert.deepStrictEqual([...p.functions.keys()], ['m::main', 'lib::scale', 'lib::g']);
      assert.strictEqual(p.constants.get('lib')?.get('K'), 2);
      assert.strictEqual(p.modules[1].file, path.join(DIR, 'lib.bir'));
    });

    it('resolves import paths relative to the importing file, and names modules by their declaration', () => {
      expectProgram({
        'main.bir': ['module m', 'import "sub/a.bir"', 'func main() {', '  call util::f()', '}', ''].join('\n'),
        'sub/a.bir': ['module util', 'import "../lib.bir"', 'func f() {', '  call lib::g()', '}', ''].join('\n'),
        'lib.bir': lib,
      });
    });

    it('reports unknown modules and functions of modules', () => {
      expectDiagnostics({
        'main.bir': ['module m', 'import "lib.bir"', 'func main() {', '  call lib::nope()', '  call libb::g()', '  call scale(x)', '  call util::g()', '}', 'dram x : f32[128, 64]', ''].join('\n'),
        'lib.bir': lib,
      }, [
        ['call »lib::nope', "unknown function 'lib::nope' in module 'lib'"],
        ['call »libb::g', "unknown module 'libb'; did you mean 'lib'? (import its file first: import \"libb.bir\")"],
        ['call »scale', "unknown function 'scale' in module 'm' (imported: lib::scale)"],
        ['call »util::g', "unknown module 'util' (import its file first: import \"util.bir\")"],
      ]);
    });

    it('does not let a module call functions of a module it does not import', () => {
      expectDiagnostics({
        'main.bir': ['module m', 'import "a.bir"', 'import "lib.bir"', 'func main() {', '}', ''].join('\n'),
        'a.bir': ['module a', 'func f() {', '  call lib::g()', '}', ''].join('\n'),
        'lib.bir': lib,
      }, [['@a.bir:3:8', "unknown module 'lib'"]]);
    });

    it('reports duplicate module names in the second file', () => {
      const r = expectDiagnostics({
        'main.bir': ['module m', 'import "lib.bir"', 'import "other.bir"', 'func main() {', '}', ''].join('\n'),
        'lib.bir': lib,
        'other.bir': ['module lib', 'func h() {', '}', ''].join('\n'),
      }, [['@other.bir:1:1', `module 'lib' is also declared in '${path.join(DIR, 'lib.bir')}'; module names must be unique`]]);
      assert.strictEqual(r.diagnostics[0].span.endCol, 'module lib'.length + 1);
      expectDiagnostics({
        'main.bir': ['module m', 'import "a.bir"', 'func main() {', '}', ''].join('\n'),
        'a.bir': ['module m', ''].join('\n'),
      }, [['@a.bir:1:1', "module 'm' is also declared in"]]);
    });

    it('reports an import that cannot be read at its path', () => {
      expectDiagnostics(['module m', 'import "missing.bir"', 'func main() {', '}', ''].join('\n'), [
        ['import »"missing.bir"', `cannot read '${path.join(DIR, 'missing.bir')}'`],
      ]);
    });

    it('reports an entry file that cannot be read', () => {
      const r = checkProgram(path.join(DIR, 'none.bir'), { host: hostOf({}) });
      assert.strictEqual(r.program, undefined);
      assert.deepStrictEqual(r.diagnostics.map((d) => `${d.span.line}:${d.span.col} ${d.message}`), [`1:1 cannot read '${path.join(DIR, 'none.bir')}'`]);
    });

    it('allows import cycles and loads each file once', () => {
      const p = expectProgram({
        'main.bir': ['module m', 'import "lib.bir"', 'import "./lib.bir"', 'func main() {', '  call lib::f()', '}', 'func g() {', '}', ''].join('\n'),
        'lib.bir': ['module lib', 'import "main.bir"', 'func f() {', '  call m::g()', '}', ''].join('\n'),
      });
      assert.deepStrictEqual(p.modules.map((m) => m.name), ['m', 'lib']);
    });

    it('names a module-less file after the file, with a warning', () => {
      const r = expectDiagnostics({
        'main.bir': ['import "util.bir"', 'func main() {', '  call util::f()', '}', ''].join('\n'),
        'util.bir': ['func f() {', '}', ''].join('\n'),
      }, [
        ['@1:1', "the file has no 'module' declaration; its module is named 'main' after the file", 'warning'],
        ['@util.bir:1:1', "the file has no 'module' declaration; its module is named 'util' after the file", 'warning'],
      ]);
      assert.deepStrictEqual([...r.program!.functions.keys()], ['main::main', 'util::f']);
    });

    it('reports a missing main and a main with parameters', () => {
      expectDiagnostics(['# no main', 'module kernels', 'func f() {', '}', ''].join('\n'), [
        ['module kernels', "module 'kernels' has no function 'main': a program starts at 'func main()'"],
      ]);
      expectDiagnostics(['module m', 'func main(r1) {', '}', ''].join('\n'), [['func »main', "'main' takes no parameters: it is where every core starts"]]);
      expectDiagnostics(['module m', 'func main(t: f32[4]) {', '}', ''].join('\n'), [['func »main', "'main' takes no parameters"]]);
      // An imported module's main is not the program's.
      expectDiagnostics({ 'main.bir': ['module m', 'import "lib.bir"', ''].join('\n'), 'lib.bir': ['module lib', 'func main() {', '}', ''].join('\n') }, [
        ['module m', "module 'm' has no function 'main'"],
      ]);
    });
  });

  describe('declared cores', () => {
    it('cores N gives the program the cores it runs on, from a constant expression', () => {
      const p = expectProgram(['module m', 'const N = 2', 'cores N * 2', 'func main() {', '  Barrier', '}', ''].join('\n'));
      assert.deepStrictEqual({ count: p.cores?.count, line: p.cores?.span.line }, { count: 4, line: 3 });
      assert.strictEqual(expectProgram(['module m', 'func main() {', '}', ''].join('\n')).cores, undefined, 'none declared');
    });

    it('reports a count out of 1..8, a second declaration, and one in an imported module (no effect)', () => {
      expectDiagnostics(['module m', 'cores 9', 'func main() {', '}', ''].join('\n'), [['9', 'the number of cores']]);
      expectDiagnostics(['module m', 'cores 2', 'cores 3', 'func main() {', '}', ''].join('\n'), [['cores 3', "module 'm' already declares its cores at line 2"]]);
      const r = expectDiagnostics({
        'main.bir': ['module m', 'import "lib.bir"', 'func main() {', '  call lib::f()', '}', ''].join('\n'),
        'lib.bir': ['module lib', 'cores 4', 'func f() {', '}', ''].join('\n'),
      }, [['@lib.bir:2:1', "'cores 4' has no effect in an imported module: the program's entry module (main.bir) says how many cores run main", 'warning']]);
      assert.strictEqual(r.program?.cores, undefined);
    });
  });

  describe('constants', () => {
    it('folds constant expressions', () => {
      const p = expectProgram([
        'module m',
        'const A = 2 ** 3 + 1',
        'const B = A * 2 - -1',
        'const C = 7 % -3',
        'const D = -7 % 3',
        'const F = min(A, 3) + max(1, 2) + abs(-1) + floor(2.5) + ceil(2.5) + sqrt(16)',
        'const M = (1 < 2) && (3 >= 3) || !1',
        'const P = -2 ** 2',
        'const Q = 2 ** 3 ** 2',
        'const H = 0x10 + 1_000 + .5',
        'const I = inf',
        'const Z = 1 == 2',
        'dram t : f32[A, B]',
        'func main() {',
        '  Set r1 = A * 2 + B',
        '}',
        '',
      ].join('\n'));
      assert.deepStrictEqual(Object.fromEntries(p.constants.get('m')!), { A: 9, B: 19, C: -2, D: 2, F: 15, M: 1, P: -4, Q: 512, H: 1016.5, I: Infinity, Z: 0 });
      assert.deepStrictEqual(p.drams[0].shape, [9, 19]);
      const set = p.main.body.nodes.at(0) as InstrNode;
      assert.deepStrictEqual(set.srcs[0].kind === 'scalar' && set.srcs[0].expr, { kind: 'const', value: 37 });
    });

    it('folds the constant parts of register expressions', () => {
      const p = expectStmtOk('Set r1 = r0 * (2 + 2)');
      const set = p.main.body.nodes.at(0) as InstrNode;
      assert.ok(set.srcs[0].kind === 'scalar');
      const e = set.srcs[0].expr;
      assert.ok(e.kind === 'binary' && e.op === '*');
      assert.deepStrictEqual(e.right, { kind: 'const', value: 4 });
    });

    it('reports division by zero in a constant', () => {
      expectDiagnostics(['module m', 'const D = 1 / 0', 'const E = 5 % (2 - 2)', 'const P = 0 / 0', 'func main() {', '  Set r1 = 1 / 0', '  Set r3 = 2 / (N - 8)', '}', 'const N = 8', ''].join('\n'), [
        ['1 / »0', "division by zero in constant 'D'"],
        ['5 % »(2 - 2)', "division by zero in constant 'E'"],
        ['0 / »0', "division by zero in constant 'P'"],
        ['Set r1 = 1 / »0', 'division by zero in the value of Set'],
        ['2 / »(N - 8)', 'division by zero in the value of Set'],
      ]);
    });

    it('reports what a constant cannot be', () => {
      expectDiagnostics([
        'module m',
        'dram x : f32[4]',
        'const G = r0 + 1',
        'const H = core',
        'const I = x',
        'const J = "s"',
        'const K = UNKNOWN',
        'const L = foo(1)',
        'const O = x[0]',
        'func main() {',
        '}',
        '',
      ].join('\n'), [
        ['const G = »r0', "register 'r0' cannot be used in constant 'G': registers exist only while a function runs"],
        ['const H = »core', "'core' cannot be used in constant 'H': it is known only when the program runs"],
        ['const I = »x', "'x' is a tensor; constant 'I' must be a number or a register"],
        ['const J = »"s"', "a string cannot be used as constant 'J'"],
        ['const K = »UNKNOWN', "unknown name 'UNKNOWN'"],
        ['const L = »foo', "unknown function 'foo' in constant 'L'"],
        ['const O = »x[0]', "a tensor cannot be used as constant 'O'"],
      ]);
    });

    it('sees constants declared before, in its own module only', () => {
      expectDiagnostics({
        'main.bir': ['module m', 'import "lib.bir"', 'const A = B + 1', 'const B = 1', 'func main() {', '  Set r1 = K', '}', ''].join('\n'),
        'lib.bir': ['module lib', 'const K = 3', ''].join('\n'),
      }, [
        ['const A = »B', "unknown name 'B'"],
        ['Set r1 = »K', "unknown name 'K'"],
      ]);
    });
  });

  describe('DRAM initializers', () => {
    it('builds every initializer', () => {
      const p = expectProgram([
        'module m',
        'const S = 7',
        'dram a : f32[4] = zeros',
        'dram b : f32[4] input = iota',
        'dram c : f32[4] output = const(2.5 * 2)',
        'dram d : f32[4] = random(seed=S, low=-1, high=1)',
        'dram e : f32[4] = random()',
        'dram f : f32[4]',
        'func main() {',
        '}',
        '',
      ].join('\n'));
      assert.deepStrictEqual(p.drams.map((d) => [d.name, d.role, d.init, d.slot, d.module]), [
        ['a', undefined, { kind: 'zeros' }, 0, 'm'],
        ['b', 'input', { kind: 'iota' }, 1, 'm'],
        ['c', 'output', { kind: 'const', value: 5 }, 2, 'm'],
        ['d', undefined, { kind: 'random', seed: 7, low: -1, high: 1 }, 3, 'm'],
        ['e', undefined, { kind: 'random', seed: 0, low: 0, high: 1 }, 4, 'm'],
        ['f', undefined, undefined, 5, 'm'],
      ]);
    });

    it('reports unknown initializers and bad arguments', () => {
      const forms = '(known: zeros, const(v), iota, random(seed=, low=, high=) or file("x.npy"))';
      expectDiagnostics([
        'module m',
        'dram f : f32[4] = ones',
        'dram g : f32[4] = random(1)',
        'dram h : f32[4] = random(seed=-1)',
        'dram i : f32[4] = random(seed=1.5)',
        'dram j : f32[4] = random(low=1, high=1)',
        'dram k : f32[4] = random(sed=1)',
        'dram n : f32[4] = file(3)',
        'dram o : f32[4] = const(1, 2)',
        'dram q : f32[4] = zeros(1)',
        'dram r : f32[4] = 3',
        'dram s : f32[4] = random(seed=2**32)',
        'dram t : f32[4] = const(r0)',
        'func main() {',
        '}',
        '',
      ].join('\n'), [
        ['= »ones', `unknown initializer for 'f' ${forms}`],
        ['= »random(1)', 'random takes named arguments: random(seed=1, low=-1, high=1)'],
        ['seed=»-1', 'the seed must be an integer from 0 to 4294967295, found -1'],
        ['seed=»1.5', 'the seed must be an integer from 0 to 4294967295, found 1.5'],
        ['= »random(low=1', 'random needs low < high, found low = 1, high = 1'],
        ['random(»sed', "random has no argument 'sed' (its arguments: seed, low, high)"],
        ['= »file(3)', 'file("path.npy") takes one quoted path'],
        ['= »const(1, 2)', 'const(v) takes one value'],
        ['= »zeros(1)', "unknown initializer for 'q'"],
        ['dram r : f32[4] = »3', "unknown initializer for 'r'"],
        ['seed=»2**32', 'found 4294967296'],
        ['const(»r0)', "register 'r0' cannot be used in the value of const(v)"],
      ]);
    });

    describe('file()', () => {
      let dir: string;
      before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-checker-'));
        writeNpyFile(path.join(dir, 'w44.npy'), { dtype: 'f32', shape: [4, 4], data: new Float32Array(16) });
        writeNpyFile(path.join(dir, 'w43.npy'), { dtype: 'f32', shape: [4, 3], data: new Float32Array(12) });
        fs.mkdirSync(path.join(dir, 'data'));
        writeNpyFile(path.join(dir, 'data', 'bits.npy'), { dtype: 'u16', shape: [4, 4], data: new Uint16Array(16) });
        fs.writeFileSync(path.join(dir, 'bad.npy'), 'not an npy file');
      });
      after(() => fs.rmSync(dir, { recursive: true, force: true }));

      function checkOnDisk(lines: string[]): CheckResult {
        const file = path.join(dir, 'main.bir');
        fs.writeFileSync(file, [...lines, 'func main() {', '}', ''].join('\n'));
        return checkProgram(file);
      }

      it('reads a file of the tensor shape, relative to the .bir file', () => {
        const r = checkOnDisk(['module m', 'dram w : f32[4, 4] input = file("w44.npy")', 'dram v : bf16[4, 4] = file("data/bits.npy")']);
        assert.deepStrictEqual(shown(r.diagnostics), []);
        assert.ok(r.program);
        assert.deepStrictEqual(r.program.drams.map((d) => d.init && d.init.kind === 'file' && d.init.path), [path.join(dir, 'w44.npy'), path.join(dir, 'data', 'bits.npy')]);
      });

      it('reports a missing file, a shape mismatch and an unreadable file at the path', () => {
        const lines = ['module m', 'dram a : f32[4, 4] = file("nope.npy")', 'dram b : f32[4, 4] = file("w43.npy")', 'dram c : f32[4, 4] = file("bad.npy")'];
        const r = checkOnDisk(lines);
        const text = [...lines, ''].join('\n');
        const got = r.diagnostics.map((d) => `${d.span.line}:${d.span.col} ${d.message}`);
        assert.strictEqual(got.length, 3, got.join('\n'));
        assert.strictEqual(got[0], `${pos(text, '»"nope.npy"')} data file 'nope.npy' not found (looked for ${path.join(dir, 'nope.npy')})`);
        assert.strictEqual(got[1], `${pos(text, '»"w43.npy"')} 'w43.npy' cannot initialize 'b' (f32[4, 4]): the file holds an array of shape (4, 3) but the tensor is [4, 4]`);
        assert.ok(got[2].startsWith(`${pos(text, '»"bad.npy"')} ${path.join(dir, 'bad.npy')}: `), got[2]);
        assert.strictEqual(r.program, undefined);
      });
    });
  });

  describe('warnings', () => {
    it('warns once about unreachable code after return', () => {
      const r = expectDiagnostics(prog(['return', 'Barrier', 'Set r1 = 1'], ['func g() {', '  if 1 {', '    return', '    Barrier', '  }', '  Barrier', '}']), [
        ['  »Barrier\n  Set r1', "unreachable: this follows 'return' at line", 'warning'],
        ['    »Barrier\n  }', "unreachable: this follows 'return' at line", 'warning'],
      ]);
      assert.ok(r.program);
    });

    it('does not warn about an allocation after return', () => {
      expectProgram(['module m', 'func main() {', '  return', '  sbuf t : f32[4, 4]', '}', ''].join('\n'));
    });
  });

  describe('function bodies read once', () => {
    // The first check passes over function bodies in the outline and reads each as it is built; a mistake found
    // that way checks the program again with every body parsed in the outline. Either way, the same diagnostics.
    it('braces in strings and comments do not end a body', () => {
      const program = expectProgram(prog(['Print "} {"', '# } a comment with a brace', 'Print "a \\"}\\" b"', 'call f()'], ['func f() {', '  Print "{"', '}']));
      assert.deepStrictEqual([...program.functions.keys()].sort(), ['m::f', 'm::main']);
      assert.deepStrictEqual(nodesOf(findFunction(program, 'm::main')).map((n) => n.kind), ['instr', 'instr', 'call']);
    });

    it('a mistake in the body of a function that is not built (its name repeats) is reported', () => {
      const text = prog([], ['func f() {', '  Set r1 = 1', '}', 'func f() {', '  Set r1 = = 2', '}']);
      expectDiagnostics(text, [
        ['f() {»', "function 'f' is already defined at line"],
        ['= »= 2', 'expected'],
      ].map(([needle, message]) => [needle.includes('»') && needle.startsWith('f()') ? `@${pos(text, 'f() {', 1)}` : needle, message] as Expectation));
    });

    it('a body that does not close is reported once, with the declarations after it', () => {
      const text = prog(['for r0 in 0..2 {', '  Set r1 = r0'], ['func g() {', '  Set r1 = 1', '}']);
      const r = check(text);
      assert.strictEqual(r.program, undefined);
      assert.ok(shown(r.diagnostics).some((d) => /expected '}' to close/.test(d)), shown(r.diagnostics).join('\n'));
    });

    it('a lexical mistake in a body is reported once', () => {
      expectDiagnostics(prog(['Set r1 = 1 $']), [['$', "unexpected character '$'"]]);
    });
  });

  describe('the program', () => {
    const text = [
      'module demo', //                                   1
      'dram x : f32[4, 4] input = iota', //              2
      'func main() {', //                                 3
      '  sbuf a : f32[4, 4]', //                          4
      '  DmaCopy a <- x', //                              5
      '  for r0 in 0..2 {', //                            6
      '    if r0 == 0 {', //                              7
      '      Memset a[0:1, :] <- 1', //                   8
      '    } else if r0 == 1 {', //                       9
      '      call f(r0)', //                              10
      '    } else {', //                                  11
      '      Barrier', //                                 12
      '    }', //                                         13
      '  }', //                                           14
      '  return', //                                      15
      '}', //                                             16
      'func f(r1) {', //                                  17
      '  Set r2 = r1 + 1', //                             18
      '}', //                                             19
      '',
    ].join('\n');

    it('gives nodes ids module::func@line:col, in program order', () => {
      const p = expectProgram(text);
      assert.deepStrictEqual(allNodes(p).map((n) => `${n.kind} ${n.id}`), [
        'instr demo::main@5:3',
        'for demo::main@6:3',
        'if demo::main@7:5',
        'instr demo::main@8:7',
        'if demo::main@9:12',
        'call demo::main@10:7',
        'instr demo::main@12:7',
        'return demo::main@15:3',
        'instr demo::f@18:3',
      ]);
      allNodes(p).forEach((n, i) => assert.strictEqual(n.index, i));
      assert.strictEqual(p.main.fullName, 'demo::main');
      assert.strictEqual(p.main.span.line, 3);
      assert.strictEqual(p.sources.get(MAIN), text);
    });

    it('nests regions as written', () => {
      const p = expectProgram(text);
      const main = p.main;
      assert.strictEqual(main.body.kind, 'body');
      assert.strictEqual(main.body.owner, undefined);
      assert.deepStrictEqual(main.body.nodes.toArray().map((n) => n.kind), ['instr', 'for', 'return']);
      const loop = main.body.nodes.at(1) as ForNode;
      assert.strictEqual(loop.register, 0);
      assert.deepStrictEqual([loop.from, loop.to, loop.step], [{ kind: 'const', value: 0 }, { kind: 'const', value: 2 }, { kind: 'const', value: 1 }]);
      assert.strictEqual(loop.body.kind, 'loop');
      assert.strictEqual(loop.body.owner, loop);
      assert.strictEqual(loop.body.parent, main.body);
      assert.strictEqual(loop.region, main.body);
      assert.deepStrictEqual([loop.body.end.line, loop.body.end.col], [14, 3]);
      const branch = loop.body.nodes.at(0) as IfNode;
      assert.strictEqual(branch.kind, 'if');
      assert.strictEqual(branch.region, loop.body);
      assert.strictEqual(branch.then.kind, 'then');
      assert.strictEqual(branch.then.parent, loop.body);
      assert.strictEqual(branch.then.owner, branch);
      assert.strictEqual(branch.then.nodes.at(0).region, branch.then);
      assert.ok(branch.else);
      assert.strictEqual(branch.else.kind, 'else');
      const inner = branch.else.nodes.at(0) as IfNode;
      assert.strictEqual(inner.kind, 'if');
      assert.strictEqual(inner.region, branch.else);
      assert.strictEqual(inner.then.parent, branch.else);
      assert.strictEqual(inner.then.nodes.at(0).kind, 'call');
      assert.strictEqual(inner.else?.nodes.at(0).kind, 'instr');
      for (const n of allNodes(p)) assert.strictEqual(n.fn, findFunction(p, n.id.split('@')[0]));
      assert.deepStrictEqual(nodesOf(main).map((n) => n.id), allNodes(p).filter((n) => n.fn === main).map((n) => n.id));
    });

    it('keeps the operands of instructions with their text and spans', () => {
      const text = prog(['MatMult acc[:, 0:256] <- w[0:128, 0:128], w[0:128, 0:256], accumulate = r0 > 0']);
      const p = expectProgram(text);
      const mm = allNodes(p)[0] as InstrNode;
      assert.strictEqual(mm.opcode, 'MatMult');
      assert.strictEqual(mm.engine, 'PE');
      assert.strictEqual(`${mm.span.line}:${mm.span.col}`, pos(text, 'MatMult'));
      assert.strictEqual(mm.span.endCol, text.split('\n')[mm.span.line - 1].length + 1);
      assert.ok(mm.dst?.kind === 'tensor');
      assert.strictEqual(mm.dst.ap.text, 'acc[:, 0:256]');
      assert.strictEqual(mm.dst.ap.memory, 'psum');
      assert.deepStrictEqual(mm.dst.ap.shape, [128, 256]);
      assert.deepStrictEqual(mm.srcs.map((s) => (s.kind === 'tensor' ? s.ap.text : s.kind)), ['w[0:128, 0:128]', 'w[0:128, 0:256]']);
      assert.ok(mm.srcs[1].kind === 'tensor');
      assert.strictEqual(`${mm.srcs[1].ap.span.line}:${mm.srcs[1].ap.span.col}`, pos(text, '0:128], »w[0:128, 0:256]'));
      const accumulate = mm.attrs.get('accumulate');
      assert.ok(accumulate?.kind === 'operand' && accumulate.operand.kind === 'scalar');
      assert.strictEqual(accumulate.operand.text, 'r0 > 0');
    });
  });
});
