import * as assert from 'assert';
import * as ast from '../../engine/lang/ast';
import { Diagnostic, DiagnosticBag } from '../../engine/lang/diagnostics';
import { parseExpression, parseFile } from '../../engine/lang/parser';
import { Span } from '../../engine/base/span';

// ---------------------------------------------------------------------------
// helpers

function parse(text: string): { file: ast.FileAst; diagnostics: Diagnostic[] } {
  const bag = new DiagnosticBag();
  const file = parseFile(text, 'test.bir', bag);
  return { file, diagnostics: bag.sorted() };
}

/** Parses a file that must have no mistakes. */
function parseOk(text: string): ast.FileAst {
  const { file, diagnostics } = parse(text);
  assert.deepStrictEqual(diagnostics.map(show), [], 'unexpected diagnostics');
  return file;
}

/** `line:col message` of a diagnostic. */
function show(d: Diagnostic): string {
  return `${d.span.line}:${d.span.col} ${d.message}`;
}

function errors(text: string): string[] {
  return parse(text).diagnostics.map(show);
}

/** The statements of the body of `main`, written as the lines given. */
function body(...lines: string[]): ast.Stmt[] {
  const file = parseOk(bodyText(...lines));
  return (file.decls[0] as ast.FuncDecl).body.stmts as ast.Stmt[];
}

function stmt<K extends ast.Stmt['kind']>(line: string, kind: K): Extract<ast.Stmt, { kind: K }> {
  const stmts = body(line);
  assert.strictEqual(stmts.length, 1);
  assert.strictEqual(stmts[0].kind, kind);
  return stmts[0] as Extract<ast.Stmt, { kind: K }>;
}

/** `line:col-endLine:endCol`. */
function at(span: Span): string {
  return span.line === span.endLine ? `${span.line}:${span.col}-${span.endCol}` : `${span.line}:${span.col}-${span.endLine}:${span.endCol}`;
}

/**
 * Where the nth occurrence of `from` starts and where the nth occurrence of `to` after it ends (`to` defaults to
 * `from`), as `line:col-endCol` or `line:col-endLine:endCol`: expected spans computed from the text, not by hand.
 */
function loc(text: string, from: string, to = from, nth = 0): string {
  let start = -1;
  for (let i = 0; i <= nth; i++) {
    start = text.indexOf(from, start + 1);
    assert.ok(start >= 0, `'${from}' not found`);
  }
  const toAt = to === from ? start : text.indexOf(to, start);
  assert.ok(toAt >= 0, `'${to}' not found`);
  const end = toAt + to.length;
  const position = (offset: number): [number, number] => {
    const before = text.slice(0, offset).split('\n');
    return [before.length, before[before.length - 1].length + 1];
  };
  const [line, col] = position(start);
  const [endLine, endCol] = position(end);
  return line === endLine ? `${line}:${col}-${endCol}` : `${line}:${col}-${endLine}:${endCol}`;
}

/** The text that body() wraps its lines in. */
function bodyText(...lines: string[]): string {
  return `func main() {\n${lines.join('\n')}\n}\n`;
}

/** An expression as a compact S-expression: precedence and grouping made visible. */
function sx(e: ast.Expr | undefined): string {
  if (!e) return '_';
  switch (e.kind) {
    case 'number': return String(e.value);
    case 'string': return JSON.stringify(e.value);
    case 'name': return e.name;
    case 'unary': return `(${e.op} ${sx(e.operand)})`;
    case 'binary': return `(${e.op} ${sx(e.left)} ${sx(e.right)})`;
    case 'call': return `${e.callee}(${[...e.args.map(sx), ...e.named.map((n) => `${n.name}=${sx(n.value)}`)].join(', ')})`;
    case 'index': return `${sx(e.base)}[${e.items.map((i) => (i.kind === 'at' ? sx(i.index) : `${sx(i.lo)}:${sx(i.hi)}:${sx(i.step)}`)).join(', ')}]`;
    case 'member': return `${sx(e.base)}.${e.member}${e.args ? `(${e.args.map(sx).join(', ')})` : ''}`;
  }
}

function expr(text: string): ast.Expr {
  const bag = new DiagnosticBag();
  const e = parseExpression(text, 'expr', bag);
  assert.deepStrictEqual(bag.sorted().map(show), [], `diagnostics for ${text}`);
  assert.ok(e);
  return e;
}

function exprErrors(text: string): { e: ast.Expr | undefined; errors: string[] } {
  const bag = new DiagnosticBag();
  const e = parseExpression(text, 'expr', bag);
  return { e, errors: bag.sorted().map(show) };
}

// ---------------------------------------------------------------------------

describe('parser', () => {
  describe('declarations', () => {
    it('parses the module declaration with its span', () => {
      const f = parseOk('# header\n\nmodule matmul_relu\n');
      assert.strictEqual(f.file, 'test.bir');
      assert.strictEqual(f.module?.name, 'matmul_relu');
      assert.strictEqual(at(f.module!.span), '3:1-19');
      assert.deepStrictEqual(f.decls, []);
    });

    it('leaves the module undefined when there is none', () => {
      assert.strictEqual(parseOk('const N = 4\n').module, undefined);
      assert.strictEqual(parseOk('').module, undefined);
    });

    it('reports a second module declaration', () => {
      assert.deepStrictEqual(errors('module a\nmodule b\n'), [
        "2:1 a file has one 'module' declaration; this one repeats 'a' declared at line 1",
      ]);
    });

    it('parses imports', () => {
      const d = parseOk('import "lib/util.bir"\n').decls[0] as ast.ImportDecl;
      assert.strictEqual(d.kind, 'import');
      assert.strictEqual(d.path, 'lib/util.bir');
      assert.strictEqual(at(d.pathSpan), '1:8-22');
      assert.strictEqual(at(d.span), '1:1-22');
    });

    it('parses constants', () => {
      const d = parseOk('const TILE = 128 * 2 # a comment\n').decls[0] as ast.ConstDecl;
      assert.strictEqual(d.kind, 'const');
      assert.strictEqual(d.name, 'TILE');
      assert.strictEqual(sx(d.value), '(* 128 2)');
      assert.strictEqual(at(d.nameSpan), '1:7-11');
      assert.strictEqual(at(d.span), '1:1-21');
    });

    it('parses dram tensors with type, role and initializer', () => {
      const text = [
        'dram x : f32[128, 256] input = random(seed=1, low=-1, high=1)',
        'dram w : bf16[N, 2*N] input = file("data/w.npy")',
        'dram y : f32[128, 512] output',
        'dram z : i32[4] = zeros',
        'dram c : f16[2, 3, 4, 5] = const(1.5)',
        'dram i : u8[16] = iota',
      ].join('\n');
      const f = parseOk(text);
      const [x, w, y, z, c, i] = f.decls as ast.DramDecl[];
      assert.strictEqual(x.name, 'x');
      assert.strictEqual(x.type.dtype, 'f32');
      assert.deepStrictEqual(x.type.dims.map(sx), ['128', '256']);
      assert.strictEqual(x.role, 'input');
      assert.strictEqual(sx(x.init), 'random(seed=1, low=(- 1), high=1)');
      assert.strictEqual(at(x.type.span), loc(text, 'f32[128, 256]'));
      assert.strictEqual(at(x.type.dtypeSpan), loc(text, 'f32'));
      assert.strictEqual(at(x.span), loc(text, 'dram x', 'high=1)'));
      assert.strictEqual(at(x.nameSpan), '1:6-7');
      assert.deepStrictEqual(w.type.dims.map(sx), ['N', '(* 2 N)']);
      assert.strictEqual(sx(w.init), 'file("data/w.npy")');
      assert.strictEqual(y.role, 'output');
      assert.strictEqual(y.init, undefined);
      assert.strictEqual(at(y.span), loc(text, 'dram y', 'output'));
      assert.strictEqual(z.role, undefined);
      assert.strictEqual(sx(z.init), 'zeros');
      assert.deepStrictEqual(c.type.dims.map(sx), ['2', '3', '4', '5']);
      assert.strictEqual(sx(c.init), 'const(1.5)');
      assert.strictEqual(sx(i.init), 'iota');
    });

    it('parses functions with tensor and register parameters and memory kinds', () => {
      const text = 'func relu_tile(dst: sbuf f32[128, 512], src: f32[128, 512], r1, d: dram bf16[4], p: psum i32[2, 2]) {\n}\n';
      const f = parseOk(text);
      const fn = f.decls[0] as ast.FuncDecl;
      assert.strictEqual(fn.name, 'relu_tile');
      assert.strictEqual(at(fn.nameSpan), '1:6-15');
      assert.strictEqual(at(fn.span), loc(text, 'func', '2])'));
      assert.deepStrictEqual(fn.params.map((p) => (p.kind === 'register' ? `reg ${p.name}` : `${p.name}: ${p.memory ?? '-'} ${p.type.dtype}[${p.type.dims.map(sx).join(', ')}]`)), [
        'dst: sbuf f32[128, 512]', 'src: - f32[128, 512]', 'reg r1', 'd: dram bf16[4]', 'p: psum i32[2, 2]',
      ]);
      assert.strictEqual(at(fn.params[0].span), loc(text, 'dst', '512]'));
      assert.strictEqual(at(fn.params[2].span), loc(text, 'r1'));
      assert.strictEqual(at(fn.body.open), loc(text, '{'));
      assert.strictEqual(at(fn.body.close), '2:1-2');
      assert.deepStrictEqual(fn.body.stmts, []);
    });

    it('parses a function without parameters and an empty body on one line', () => {
      const fn = parseOk('func main() { }\n').decls[0] as ast.FuncDecl;
      assert.deepStrictEqual(fn.params, []);
      assert.deepStrictEqual(fn.body.stmts, []);
    });

    it('lets a parameter list wrap over lines', () => {
      const fn = parseOk('func f(a: f32[4],\n       b: f32[4],\n       r2) {\n}\n').decls[0] as ast.FuncDecl;
      assert.strictEqual(fn.params.length, 3);
      assert.strictEqual(at(fn.params[1].span), '2:8-17');
    });
  });

  describe('statements', () => {
    it('ends a statement of any length at its newline', () => {
      // The parser once read a token's kind from the token arrays before lexing the token, which can replace the
      // arrays (they grow at 64, 128, ... tokens): the newline after `call f(1, ..., 1)` with 27 arguments was read
      // from the old arrays, and reported as "expected the end of the line, found the end of the line".
      for (let n = 1; n <= 200; n++) {
        const file = parseOk(`module m\nfunc g() {\n  call f(${Array(n).fill('1').join(', ')})\n  return\n}\n`);
        assert.deepStrictEqual((file.decls[0] as ast.FuncDecl).body.stmts.map((s) => s.kind), ['call', 'return'], `${n} arguments`);
      }
    });

    it('parses allocations', () => {
      const lines = ['  sbuf xT  : bf16[128, 256]', '  psum acc : f32[128, 512]'];
      const text = bodyText(...lines);
      const [a, b] = body(...lines) as ast.AllocStmt[];
      assert.strictEqual(a.kind, 'alloc');
      assert.strictEqual(a.memory, 'sbuf');
      assert.strictEqual(a.name, 'xT');
      assert.strictEqual(a.type.dtype, 'bf16');
      assert.deepStrictEqual(a.type.dims.map(sx), ['128', '256']);
      assert.strictEqual(at(a.nameSpan), '2:8-10');
      assert.strictEqual(at(a.span), loc(text, 'sbuf', '256]'));
      assert.strictEqual(at(a.type.span), loc(text, 'bf16', '256]'));
      assert.strictEqual(b.memory, 'psum');
      assert.strictEqual(at(b.span), loc(text, 'psum', '512]'));
    });

    it('parses Set', () => {
      const s = stmt('  Set r1 = r0 * 4 + 1', 'set');
      assert.strictEqual(s.register, 'r1');
      assert.strictEqual(sx(s.value), '(+ (* r0 4) 1)');
      assert.strictEqual(at(s.registerSpan), '2:7-9');
      assert.strictEqual(at(s.span), loc(bodyText('  Set r1 = r0 * 4 + 1'), 'Set', '+ 1'));
    });

    it('parses for loops with and without a step', () => {
      const lines = ['  for r0 in 0..N {', '    Set r1 = r0', '  }', '  for r2 in 8..0 step -2 {', '  }'];
      const text = bodyText(...lines);
      const [a, b] = body(...lines) as ast.ForStmt[];
      assert.strictEqual(a.kind, 'for');
      assert.strictEqual(a.register, 'r0');
      assert.strictEqual(sx(a.from), '0');
      assert.strictEqual(sx(a.to), 'N');
      assert.strictEqual(a.step, undefined);
      assert.strictEqual(at(a.span), loc(text, 'for', '..N'));
      assert.strictEqual(at(a.registerSpan), '2:7-9');
      assert.strictEqual(a.body.stmts.length, 1);
      assert.strictEqual(at(a.body.open), '2:18-19');
      assert.strictEqual(at(a.body.close), '4:3-4');
      assert.strictEqual(sx(b.step), '(- 2)');
      assert.strictEqual(at(b.span), loc(text, 'for r2', '-2'));
    });

    it('parses loop bounds that are expressions', () => {
      const s = stmt('for r1 in r0*2+1..min(N, 8) step .5 { }', 'for');
      assert.strictEqual(sx(s.from), '(+ (* r0 2) 1)');
      assert.strictEqual(sx(s.to), 'min(N, 8)');
      assert.strictEqual(sx(s.step), '0.5');
    });

    it('parses if, else and else if', () => {
      const lines = ['  if r0 > 0 && r1 < 4 {', '    Set r2 = 1', '  } else if r0 == 0 {', '    Set r2 = 2', '  } else {', '    Set r2 = 3', '    Set r3 = 3', '  }'];
      const text = bodyText(...lines);
      const [s] = body(...lines) as ast.IfStmt[];
      assert.strictEqual(s.kind, 'if');
      assert.strictEqual(sx(s.cond), '(&& (> r0 0) (< r1 4))');
      assert.strictEqual(at(s.span), loc(text, 'if', '< 4'));
      assert.strictEqual(s.then.stmts.length, 1);
      assert.ok(s.else);
      assert.strictEqual(s.else.stmts.length, 1);
      const inner = s.else.stmts[0] as ast.IfStmt;
      assert.strictEqual(inner.kind, 'if');
      assert.strictEqual(sx(inner.cond), '(== r0 0)');
      assert.strictEqual(at(inner.span), loc(text, 'if r0 ==', '== 0'));
      assert.strictEqual(at(s.else.open), loc(text, 'else'));
      assert.strictEqual(at(s.else.close), '9:3-4');
      assert.strictEqual(at(s.then.close), '4:3-4');
      assert.strictEqual(inner.else?.stmts.length, 2);
    });

    it('parses if without else', () => {
      const s = stmt('if r0 { }', 'if');
      assert.strictEqual(s.else, undefined);
    });

    it('parses calls, with qualified names and any arguments', () => {
      const lines = ['  call relu_tile(out, acc)', '  call lib::scale(x[0:4, :], r0 + 1)', '  call f()'];
      const text = bodyText(...lines);
      const [a, b, c] = body(...lines) as ast.CallStmt[];
      assert.strictEqual(a.kind, 'call');
      assert.strictEqual(a.callee, 'relu_tile');
      assert.deepStrictEqual(a.args.map(sx), ['out', 'acc']);
      assert.strictEqual(at(a.calleeSpan), '2:8-17');
      assert.strictEqual(at(a.span), loc(text, 'call', 'acc)'));
      assert.deepStrictEqual(b.args.map((x) => at(x.span)), [loc(text, 'x[', ':]'), loc(text, 'r0 + 1')]);
      assert.strictEqual(b.callee, 'lib::scale');
      assert.strictEqual(at(b.calleeSpan), '3:8-18');
      assert.deepStrictEqual(b.args.map(sx), ['x[0:4:_, _:_:_]', '(+ r0 1)']);
      assert.deepStrictEqual(c.args, []);
    });

    it('parses return', () => {
      const s = stmt('  return', 'return');
      assert.strictEqual(at(s.span), '2:3-9');
    });

    it('parses instructions with a destination, operands and attributes', () => {
      const line = '  MatMult  acc <- xT[0:128, 0:128], ws[0:128, r0*512 : r0*512+512], accumulate = r0 > 0';
      const text = bodyText(line);
      const s = stmt(line, 'instr');
      assert.strictEqual(s.opcode, 'MatMult');
      assert.strictEqual(at(s.opcodeSpan), '2:3-10');
      assert.strictEqual(sx(s.dst), 'acc');
      assert.strictEqual(at(s.dst!.span), '2:12-15');
      assert.deepStrictEqual(s.operands.map(sx), ['xT[0:128:_, 0:128:_]', 'ws[0:128:_, (* r0 512):(+ (* r0 512) 512):_]']);
      assert.deepStrictEqual(s.operands.map((o) => at(o.span)), [loc(text, 'xT[', '128]'), loc(text, 'ws[', '512]')]);
      assert.strictEqual(s.attrs.length, 1);
      assert.strictEqual(s.attrs[0].name, 'accumulate');
      assert.strictEqual(at(s.attrs[0].nameSpan), loc(text, 'accumulate'));
      assert.strictEqual(sx(s.attrs[0].value), '(> r0 0)');
      assert.strictEqual(at(s.attrs[0].value.span), loc(text, 'r0 > 0'));
      assert.strictEqual(at(s.attrs[0].span), loc(text, 'accumulate', '> 0'));
      assert.strictEqual(at(s.span), loc(text, 'MatMult', '> 0'));
      const slice = (s.operands[1] as ast.IndexExpr).items[1];
      assert.strictEqual(at(slice.span), loc(text, 'r0*512 :', '+512'));
    });

    it('parses attributes mixed with operands and instructions without a destination', () => {
      const [a, b, c, d] = body(
        '  Activation dst <- src, func = relu, scale = 2, bias = b[0:128, 0:1]',
        '  Iota t <- base = 3, fstep = 0',
        '  Barrier',
        '  Memset t <- -inf',
      ) as ast.InstructionStmt[];
      assert.deepStrictEqual(a.operands.map(sx), ['src']);
      assert.deepStrictEqual(a.attrs.map((x) => `${x.name}=${sx(x.value)}`), ['func=relu', 'scale=2', 'bias=b[0:128:_, 0:1:_]']);
      assert.strictEqual(sx(b.dst), 't');
      assert.deepStrictEqual(b.operands, []);
      assert.deepStrictEqual(b.attrs.map((x) => x.name), ['base', 'fstep']);
      assert.strictEqual(c.opcode, 'Barrier');
      assert.strictEqual(c.dst, undefined);
      assert.deepStrictEqual(c.operands, []);
      assert.strictEqual(at(c.span), '4:3-10');
      assert.strictEqual(sx(d.operands[0]), '(- Infinity)');
    });

    it('keeps a comparison in an attribute value, not a second attribute', () => {
      const s = stmt('  TensorScalar a <- b, op = add, scalar = r0 == 1', 'instr');
      assert.deepStrictEqual(s.attrs.map((x) => `${x.name}=${sx(x.value)}`), ['op=add', 'scalar=(== r0 1)']);
    });

    it('parses the Assert.close variant and Print strings', () => {
      const [a, p, q] = body(
        '  Assert.close out, ref, atol = 1e-3, rtol = 1e-2, "close"',
        '  Print "y[0, 0:4] =", out[0:1, 0:4], "tab\\there"',
        '  Assert all(out >= 0), "relu"',
      ) as ast.InstructionStmt[];
      assert.strictEqual(a.opcode, 'Assert.close');
      assert.strictEqual(at(a.opcodeSpan), '2:3-15');
      assert.deepStrictEqual(a.operands.map(sx), ['out', 'ref', '"close"']);
      assert.deepStrictEqual(a.attrs.map((x) => `${x.name}=${sx(x.value)}`), ['atol=0.001', 'rtol=0.01']);
      assert.strictEqual(p.opcode, 'Print');
      assert.deepStrictEqual(p.operands.map(sx), ['"y[0, 0:4] ="', 'out[0:1:_, 0:4:_]', '"tab\\there"']);
      assert.strictEqual(at(p.operands[0].span), '3:9-22');
      assert.deepStrictEqual(q.operands.map(sx), ['all((>= out 0))', '"relu"']);
    });

    it('lets an operand list wrap inside brackets', () => {
      const [s, next] = body('  DmaCopy y[0:128,', '            0:512] <- out', '  Barrier') as ast.InstructionStmt[];
      assert.strictEqual(at(s.span), '2:3-3:26');
      assert.strictEqual(next.opcode, 'Barrier');
    });

    it('accepts several statements closed by a } on the last line', () => {
      const f = parseOk('func main() {\n  Barrier }\n');
      assert.strictEqual((f.decls[0] as ast.FuncDecl).body.stmts.length, 1);
    });
  });

  describe('expressions', () => {
    const cases: [string, string][] = [
      ['1 + 2 * 3', '(+ 1 (* 2 3))'],
      ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
      ['1 - 2 - 3', '(- (- 1 2) 3)'],
      ['8 / 4 / 2', '(/ (/ 8 4) 2)'],
      ['7 % 3 * 2', '(* (% 7 3) 2)'],
      ['1 + 7 % 3', '(+ 1 (% 7 3))'],
      ['-2**2', '(- (** 2 2))'],
      ['2**3**2', '(** 2 (** 3 2))'],
      ['2**-1', '(** 2 (- 1))'],
      ['-x**-y', '(- (** x (- y)))'],
      ['(-2)**2', '(** (- 2) 2)'],
      ['2*3**2', '(* 2 (** 3 2))'],
      ['--x', '(- (- x))'],
      ['+x', '(+ x)'],
      ['!a && b', '(&& (! a) b)'],
      ['a < b && c', '(&& (< a b) c)'],
      ['a || b && c', '(|| a (&& b c))'],
      ['a && b || c && d', '(|| (&& a b) (&& c d))'],
      ['a == b != c', '(!= (== a b) c)'],
      ['a + 1 <= b * 2', '(<= (+ a 1) (* b 2))'],
      ['a < b < c', '(< (< a b) c)'],
      ['a >= -1 || !(b > 2)', '(|| (>= a (- 1)) (! (> b 2)))'],
      ['min(a, b) + max(1, 2)', '(+ min(a, b) max(1, 2))'],
      ['allclose(a, b, atol=1e-3, rtol=0)', 'allclose(a, b, atol=0.001, rtol=0)'],
      ['f()', 'f()'],
      ['lib::N + 1', '(+ lib::N 1)'],
      ['x.T', 'x.T'],
      ['x[0:4, 0:1].bcast(8)', 'x[0:4:_, 0:1:_].bcast(8)'],
      ['x[0:128, 0:64].T', 'x[0:128:_, 0:64:_].T'],
      ['sum(t[0, :]) / count(t)', '(/ sum(t[0, _:_:_]) count(t))'],
      ['-t[0, 1]**2', '(- (** t[0, 1] 2))'],
      ['inf', 'Infinity'],
      ['-nan', '(- NaN)'],
      ['0x10 + 1_000', '(+ 16 1000)'],
    ];
    for (const [text, tree] of cases) {
      it(`parses ${text} as ${tree}`, () => {
        assert.strictEqual(sx(expr(text)), tree);
      });
    }

    const slices: [string, string][] = [
      ['t[a:b:s]', 't[a:b:s]'],
      ['t[:]', 't[_:_:_]'],
      ['t[::2]', 't[_:_:2]'],
      ['t[a:]', 't[a:_:_]'],
      ['t[:b]', 't[_:b:_]'],
      ['t[a::2]', 't[a:_:2]'],
      ['t[:b:]', 't[_:b:_]'],
      ['t[a:b:]', 't[a:b:_]'],
      ['t[::]', 't[_:_:_]'],
      ['t[N::S]', 't[N:_:S]'],
      ['t[i, j]', 't[i, j]'],
      ['t[]', 't[]'],
      ['t[r0*8 : r0*8+8, 3]', 't[(* r0 8):(+ (* r0 8) 8):_, 3]'],
      ['t[lib::N]', 't[lib:_:N]'],
      ['t[0:4][1]', 't[0:4:_][1]'],
    ];
    for (const [text, tree] of slices) {
      it(`parses the slice ${text}`, () => {
        assert.strictEqual(sx(expr(text)), tree);
      });
    }

    it('gives index items their spans', () => {
      const e = expr('t[ 0:128 , :, 3, ::2]') as ast.IndexExpr;
      assert.deepStrictEqual(e.items.map((i) => `${i.kind}@${at(i.span)}`), ['slice@1:4-9', 'slice@1:12-13', 'at@1:15-16', 'slice@1:18-21']);
      assert.strictEqual(at(e.span), '1:1-22');
    });

    it('gives binary, unary, call and member expressions their spans', () => {
      const e = expr('-a * f(b, k = 2) + x.bcast(4)') as ast.BinaryExpr;
      assert.strictEqual(at(e.span), '1:1-30');
      const left = e.left as ast.BinaryExpr;
      assert.strictEqual(at(left.span), '1:1-17');
      assert.strictEqual(at(left.left.span), '1:1-3');
      const call = left.right as ast.CallExpr;
      assert.strictEqual(at(call.span), '1:6-17');
      assert.strictEqual(at(call.calleeSpan), '1:6-7');
      assert.strictEqual(at(call.named[0].span), '1:11-16');
      assert.strictEqual(at(e.right.span), '1:20-30');
    });

    it('drops parentheses; an operation in them spans them (so that 1/(D-1) keeps its closing parenthesis), a name does not', () => {
      const e = expr('( a + b )');
      assert.strictEqual(sx(e), '(+ a b)');
      assert.strictEqual(at(e.span), '1:1-10');
      const d = expr('1/(D-1)');
      assert.ok(d.kind === 'binary');
      assert.strictEqual(at(d.span), '1:1-8');
      assert.strictEqual(at(expr('( a )').span), '1:3-4');
    });
  });

  describe('parseExpression', () => {
    it('parses a lone expression, ignoring surrounding newlines', () => {
      assert.strictEqual(sx(expr('\n\n a + 1 \n')), '(+ a 1)');
    });

    it('reports trailing tokens', () => {
      const r = exprErrors('a + 1 b');
      assert.strictEqual(r.e, undefined);
      assert.deepStrictEqual(r.errors, ["1:7 expected the end of the expression, found 'b'"]);
    });

    it('reports a missing operand', () => {
      const r = exprErrors('a + ');
      assert.strictEqual(r.e, undefined);
      assert.deepStrictEqual(r.errors, ['1:5 expected an expression, found the end of the line']);
    });

    it('reports an empty expression', () => {
      assert.deepStrictEqual(exprErrors('').errors, ['1:1 expected an expression, found the end of the file']);
    });

    it('reports a missing ) and ]', () => {
      assert.deepStrictEqual(exprErrors('(a + 1').errors, ["1:7 expected ')' to close '(', found the end of the line"]);
      assert.deepStrictEqual(exprErrors('t[0:4').errors, ["1:6 expected ',' or ']' in the index, found the end of the line"]);
      assert.deepStrictEqual(exprErrors('max(a, b').errors, ["1:9 expected ',' or ')' in the arguments of 'max', found the end of the line"]);
    });

    it('reports positional arguments after named ones', () => {
      assert.deepStrictEqual(exprErrors('allclose(a, atol=1, b)').errors, ["1:21 positional arguments of 'allclose' come before named ones"]);
    });

    it('reports lexer errors and still parses', () => {
      const r = exprErrors('a + 12ab');
      assert.deepStrictEqual(r.errors, ["1:5 malformed number '12ab'"]);
      assert.strictEqual(sx(r.e), '(+ a 0)');
    });

    it('reports a string where an expression is expected to end', () => {
      assert.deepStrictEqual(exprErrors('a "s"').errors, ['1:3 expected the end of the expression, found the string "s"']);
    });
  });

  describe('errors and recovery', () => {
    it('names what was expected and what was found', () => {
      const cases: [string, string][] = [
        ['module\n', "1:7 expected a module name after 'module', found the end of the line"],
        ['module 3\n', "1:8 expected a module name after 'module', found the number 3"],
        ['import lib\n', 'expected a quoted path after \'import\', like import "lib.bir", found \'lib\''],
        ['const = 3\n', "1:7 expected a constant name after 'const', found '='"],
        ['const N 3\n', "1:9 expected '=' after the constant name 'N', found the number 3"],
        ['dram x f32[4]\n', "1:8 expected ':' and a type after the tensor name 'x', like 'dram x : f32[128, 64]', found 'f32'"],
        ['dram x : f32\n', "1:13 expected '[' and the dimensions after 'f32', like f32[128, 64], found the end of the line"],
        ['dram x : f32[4 4]\n', "1:16 expected ',' or ']' in the dimensions, found the number 4"],
        ['dram x : [4]\n', "1:10 expected a data type such as f32, bf16 or i32, found '['"],
        ['dram x : f32[4] inout\n', "1:17 expected the end of the line, found 'inout'"],
        ['func (){\n}\n', "1:6 expected a function name after 'func', found '('"],
        ['func f {\n}\n', "1:8 expected '(' after the function name 'f', found '{'"],
        ['func f(a) {\n}\n', "1:9 expected ':' and a type after the parameter 'a' (a scalar parameter is written as a register, like 'r1')"],
        ['func f(a: f32[4] b: f32[4]) {\n}\n', "1:18 expected ',' or ')' in the parameters of 'f', found 'b'"],
        ['func f()\n{\n}\n', "1:9 expected '{' to open the body of function 'f' on the line of its header, found the end of the line"],
        ['func f() {\n  for r0 in 0..2\n\n  {\n  }\n}\n', "2:17 expected '{' to open the body of the loop over 'r0' on the line of its header, found the end of the line"],
        ['sbuf t : f32[4, 4]\n', "1:1 'sbuf' tensors are declared inside a function (they live in a core's on-chip memory); only 'dram' is declared at the top level"],
        ['Barrier\n', "1:1 expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found 'Barrier'"],
        ['42\n', "1:1 expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found the number 42"],
        ['func f() {\n  42\n}\n', "2:3 expected a statement (an instruction, 'Set', 'for', 'if', 'call', 'return' or an allocation), found the number 42"],
        ['func f() {\n  dram x : f32[4]\n}\n', "2:3 'dram' is declared at the top level of a file, not inside a function"],
        ['func f() {\n  Set 3 = 1\n}\n', "2:7 expected a register after 'Set', like 'Set r1 = r0 * 4', found the number 3"],
        ['func f() {\n  Set r1 r0\n}\n', "2:10 expected '=' after 'r1', found 'r0'"],
        ['func f() {\n  for 0..4 {\n  }\n}\n', "2:7 expected a loop register after 'for', like 'for r0 in 0..4', found the number 0"],
        ['func f() {\n  for r0 0..4 {\n  }\n}\n', "2:10 expected 'in' after the loop register 'r0', found the number 0"],
        ['func f() {\n  for r0 in 0 to 4 {\n  }\n}\n', "2:15 expected '..' between the bounds of the loop, like 0..4, found 'to'"],
        ['func f() {\n  call 3()\n}\n', "2:8 expected a function name after 'call', found the number 3"],
        ['func f() {\n  call g\n}\n', "2:9 expected '(' and the arguments after 'g', found the end of the line"],
        ['func f() {\n  call g(a b)\n}\n', "2:12 expected ',' or ')' in the arguments of 'g', found 'b'"],
        ['func f() {\n  DmaCopy a <-\n}\n', "2:15 expected the operands of DmaCopy after '<-'"],
        ['func f() {\n  Activation func = relu <- a\n}\n', "2:26 the destination before '<-' must be a tensor or a register, not an attribute"],
        ['func f() {\n  DmaCopy a b\n}\n', "2:13 expected the end of the line, found 'b'"],
        ['func f() {\n  return 1\n}\n', "2:10 expected the end of the line, found the number 1"],
        ['func f() {\n  Print "a" "b"\n}\n', '2:13 expected the end of the line, found the string "b"'],
        ['func f() {\n  TensorTensor a <- b, c,\n}\n', "2:26 expected an expression, found the end of the line"],
        ['func f() {\n  Set r1 = (1 + 2\n}\n', "3:1 expected ')' to close '(', found '}'"],
        ['func f() {\n  if r0 > 1\n  {\n  }\n}\n', "2:12 expected '{' to open the branch of 'if' on the line of its header, found the end of the line"],
        ['func f() {\n  if r0 > 1 Barrier\n}\n', "2:13 expected '{' to open the branch of 'if', found 'Barrier'"],
        ['func f() {\n  if r0 {\n  }\n  else {\n  }\n}\n', "4:3 'else' must follow the '}' of its 'if' on the same line: } else {"],
        ['func f() {\n  if r0 {\n  } else Barrier\n}\n', "3:10 expected '{' to open the branch of 'else', found 'Barrier'"],
        ['func f(x: f32[4], 3) {\n}\n', "1:19 expected a parameter: a tensor 'name: f32[P, F]' or a register like 'r1', found the number 3"],
      ];
      for (const [text, message] of cases) {
        const found = errors(text);
        assert.strictEqual(found.length, 1, `${JSON.stringify(text)}: ${found.join(' | ')}`);
        assert.ok(found[0].endsWith(message), `${JSON.stringify(text)}:\n  got      ${found[0]}\n  expected ${message}`);
      }
    });

    it('reports one diagnostic per mistake in different statements and functions', () => {
      const text = [
        'module m', //                                     1
        'const N = ', //                                   2
        'dram x : f32[128, 64] input', //                  3
        'dram y f32[4]', //                                4
        'func main() {', //                                5
        '  sbuf a : f32[128, 64]', //                      6
        '  DmaCopy a <- x[0:128 0:64]', //                 7
        '  Set r1 = * 2', //                               8
        '  call helper(a', //                              9
        '}', //                                            10
        'func helper(t: f32[128, 64]) {', //               11
        '  for r0 in 0..4 step {', //                      12
        '    Barrier', //                                  13
        '  }', //                                          14
        '  Activation t <- t, func = relu,', //            15
        '  Barrier', //                                    16
        '}', //                                            17
      ].join('\n');
      assert.deepStrictEqual(errors(text), [
        '2:11 expected an expression, found the end of the line',
        "4:8 expected ':' and a type after the tensor name 'y', like 'dram x : f32[128, 64]', found 'f32'",
        "7:24 expected ',' or ']' in the index, found the number 0",
        "8:12 expected an expression, found '*'",
        "10:1 expected ',' or ')' in the arguments of 'helper', found '}'",
        "12:23 expected an expression, found '{'",
        '15:34 expected an expression, found the end of the line',
      ]);
      const f = parse(text).file;
      // What parsed around the mistakes is kept.
      assert.deepStrictEqual(f.decls.map((d) => `${d.kind} ${'name' in d ? d.name : ''}`), ['dram x', 'func main', 'func helper']);
      const main = f.decls[1] as ast.FuncDecl;
      assert.deepStrictEqual(main.body.stmts.map((s) => s.kind), ['alloc']);
      const helper = f.decls[2] as ast.FuncDecl;
      assert.deepStrictEqual(helper.body.stmts.map((s) => (s.kind === 'instr' ? s.opcode : s.kind)), ['Barrier']);
    });

    it('reports a missing } at the end of the file', () => {
      const text = 'func main() {\n  Barrier\n  for r0 in 0..2 {\n    Barrier\n  }\n';
      assert.deepStrictEqual(errors(text), ["6:1 expected '}' to close the body of function 'main' opened at line 1, found the end of the file"]);
      const main = parse(text).file.decls[0] as ast.FuncDecl;
      assert.deepStrictEqual(main.body.stmts.map((s) => s.kind), ['instr', 'for']);
    });

    it('reports a missing } before the next function once, and keeps that function', () => {
      const text = [
        'func main() {',
        '  for r0 in 0..2 {',
        '    if r0 {',
        '      call f()',
        'func f() {',
        '  Barrier',
        '}',
      ].join('\n');
      assert.deepStrictEqual(errors(text), ["5:1 expected '}' to close the branch of 'if' opened at line 3, found 'func'"]);
      const f = parse(text).file;
      assert.deepStrictEqual(f.decls.map((d) => (d as ast.FuncDecl).name), ['main', 'f']);
      const loop = (f.decls[0] as ast.FuncDecl).body.stmts[0] as ast.ForStmt;
      const branch = loop.body.stmts[0] as ast.IfStmt;
      assert.strictEqual(branch.then.stmts[0].kind, 'call');
      assert.strictEqual((f.decls[1] as ast.FuncDecl).body.stmts.length, 1);
    });

    it('skips garbage lines at the top level, one diagnostic each', () => {
      const text = 'module m\nthis is not bir\n\nconst A = 1\n} } }\n@@@\nfunc main() {\n}\n';
      assert.deepStrictEqual(errors(text), [
        "2:1 expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found 'this'",
        "5:1 expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found '}'",
        "6:1 unexpected character '@'",
        "6:2 unexpected character '@'",
        "6:3 unexpected character '@'",
      ]);
      assert.deepStrictEqual(parse(text).file.decls.map((d) => d.kind), ['const', 'func']);
    });

    it('skips a whole block that a broken top-level line opens', () => {
      const text = 'fun main() {\n  Barrier\n  for r0 in 0..4 {\n  }\n}\nfunc g() {\n}\n';
      assert.deepStrictEqual(errors(text), ["1:1 expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found 'fun'"]);
      assert.deepStrictEqual(parse(text).file.decls.map((d) => (d as ast.FuncDecl).name), ['g']);
    });

    it('skips the block of a for whose header is broken, and goes on after it', () => {
      const text = [
        'func main() {',
        '  for r0 in 0..4 step 1 2 {',
        '    this is not an error: it is skipped',
        '    for r1 in 0..2 {',
        '      @',
        '    }',
        '  }',
        '  Set r1 = 1 +',
        '  Barrier',
        '}',
      ].join('\n');
      assert.deepStrictEqual(errors(text), [
        "2:25 expected '{' to open the body of the loop over 'r0', found the number 2",
        "5:7 unexpected character '@'",
        '8:15 expected an expression, found the end of the line',
      ]);
      const main = parse(text).file.decls[0] as ast.FuncDecl;
      assert.deepStrictEqual(main.body.stmts.map((s) => (s.kind === 'instr' ? s.opcode : s.kind)), ['Barrier']);
    });

    it('does not let a missing ) swallow the statements after the next brace', () => {
      // The newline inside ( ) is hidden, so 'Barrier' reads as an argument; the '}' ends the call.
      const text = 'func main() {\n  call f(a,\n  Barrier\n}\nfunc f(r1) {\n}\n';
      assert.deepStrictEqual(errors(text), ["4:1 expected ',' or ')' in the arguments of 'f', found '}'"]);
      assert.deepStrictEqual(parse(text).file.decls.map((d) => (d as ast.FuncDecl).name), ['main', 'f']);
    });

    it('reports an error inside a nested block and keeps the rest of the block', () => {
      const text = 'func main() {\n  if r0 {\n    Set r1 = \n    Barrier\n  }\n}\n';
      assert.deepStrictEqual(errors(text), ['3:14 expected an expression, found the end of the line']);
      const branch = (parse(text).file.decls[0] as ast.FuncDecl).body.stmts[0] as ast.IfStmt;
      assert.deepStrictEqual(branch.then.stmts.map((s) => s.kind), ['instr']);
    });

    it('reports one mistake on a line where the lexer already reported one', () => {
      const text = 'func main() {\n  Set r2 = 3 @ 4\n  Set r3 = 1 ; Set r4 = 2\n  Set r5 = * 2\n  Print "a\\q" "b"\n}\n';
      assert.deepStrictEqual(errors(text), [
        "2:14 unexpected character '@'",
        "3:14 unexpected character ';'",
        "4:12 expected an expression, found '*'",
        "5:11 unknown escape '\\q' in string (known: \\n \\t \\\" \\\\)",
      ]);
    });

    it('refuses expressions nested more than 200 levels deep, once', () => {
      assert.deepStrictEqual(exprErrors(`${'('.repeat(199)}1${')'.repeat(199)}`).errors, []);
      assert.deepStrictEqual(exprErrors(`${'('.repeat(300)}1${')'.repeat(300)}`).errors, ['1:201 too deeply nested: more than 200 levels of expressions']);
      assert.deepStrictEqual(exprErrors(`${'-'.repeat(300)}1`).errors, ['1:201 too deeply nested: more than 200 levels of expressions']);
      // A long chain is not nesting: 301 operands are fine; beyond 1,000 operators in a row it is too long for the
      // tools that walk the tree (the audit found 201 refused as "too deeply nested").
      assert.deepStrictEqual(exprErrors(`${'1 + '.repeat(199)}1`).errors, []);
      assert.deepStrictEqual(exprErrors(`${'1 + '.repeat(300)}1`).errors, []);
      assert.deepStrictEqual(exprErrors(`${'1 * '.repeat(1000)}1`).errors, []);
      assert.deepStrictEqual(exprErrors(`${'1 + '.repeat(1001)}1`).errors, ['1:1 too long: more than 1000 operators in a row (split the expression with Set)']);
      // Nesting inside a chain still counts as nesting.
      assert.deepStrictEqual(exprErrors(`1 + ${'('.repeat(250)}1${')'.repeat(250)}`).errors, ['1:205 too deeply nested: more than 200 levels of expressions']);
      assert.deepStrictEqual(errors(`const A = ${'x['.repeat(5000)}\nconst B = 1\n`), ['1:411 too deeply nested: more than 200 levels of expressions']);
    });

    it('refuses blocks nested more than 200 levels deep, once, and goes on after them', () => {
      const deep = (n: number) => `func main() {\n${'for r1 in 0..2 {\n'.repeat(n)}${'}\n'.repeat(n)}}\nfunc g() {\n}\n`;
      assert.deepStrictEqual(errors(deep(199)), []);
      assert.deepStrictEqual(errors(deep(5000)), ['201:16 too deeply nested: more than 200 levels of blocks']);
      assert.deepStrictEqual(parse(deep(5000)).file.decls.map((d) => (d as ast.FuncDecl).name), ['main', 'g']);
      // Each `else if` nests one level.
      const chain = (n: number) => `func main() {\n  if 1 {\n  }${' else if 1 {\n  }'.repeat(n)}\n}\n`;
      assert.deepStrictEqual(errors(chain(198)), []);
      assert.strictEqual(errors(chain(5000)).length, 1);
    });

    it('reports an unclosed function followed by a stray } once', () => {
      assert.deepStrictEqual(errors('func a() {\n}\n}\nfunc b() {\n}\n'), [
        "3:1 expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found '}'",
      ]);
    });
  });
});
