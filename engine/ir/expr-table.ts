/**
 * The scalar expressions of a compact program, as rows of numbers: a kind, up to three integer fields and a span.
 * Expressions without a span of their own (constants, `core`, `ncores`, and unary or function applications of
 * interned expressions) are interned, so the constant 128 of a hundred thousand access patterns is one row. An
 * expression is made an object again (`ScalarExpr`) only when a consumer asks for it.
 */
import { BinaryOp } from '../base/expr';
import { Column, float64s, int32s, uint16s, uint8s } from './columns';
import { INDEX_NAMES, ScalarExpr, SCALAR_FUNCTIONS, ScalarFunction } from './program';
import { SpanColumns } from './span-columns';

const CONST = 0;
const REG = 1;
const CORE = 2;
const NCORES = 3;
const UNARY = 4;
const BINARY = 5;
const FN = 6;
const INDEX = 7;

const BINARY_OPS: readonly BinaryOp[] = ['+', '-', '*', '/', '%', '**', '==', '!=', '<', '<=', '>', '>=', '&&', '||'];
const BINARY_CODE: ReadonlyMap<string, number> = new Map(BINARY_OPS.map((op, i) => [op, i]));
const UNARY_OPS = ['-', '!'] as const;
const FUNCTION_CODE: ReadonlyMap<string, number> = new Map(SCALAR_FUNCTIONS.map((f, i) => [f, i]));

/** Objects made again recently, by row (direct-mapped): a loop's access patterns ask for the same ones. */
const CACHE_SIZE = 4096;

export class ExprTable {
  private readonly kinds: Column<Uint8Array> = uint8s();
  private readonly a: Column<Int32Array> = int32s();
  private readonly b: Column<Int32Array> = int32s();
  private readonly c: Column<Int32Array> = int32s();
  /** The row's span in `spans`, or -1. */
  private readonly spanAt: Column<Int32Array> = int32s();
  private readonly fileAt: Column<Uint16Array> = uint16s();
  private readonly consts: Column<Float64Array> = float64s();
  /** Arguments of function applications: rows of expressions, in order. */
  private readonly args: Column<Int32Array> = int32s();
  private readonly spans = new SpanColumns();
  private interned = new Map<number | string, number>();
  private negativeZero = -1;
  private readonly cache: (ScalarExpr | undefined)[] = new Array<ScalarExpr | undefined>(CACHE_SIZE);
  private readonly cached = new Int32Array(CACHE_SIZE).fill(-1);

  /**
   * @param files the program's files, by index: spans of expressions name theirs.
   * @param fileIndex the index of a file name, added to `files` when new.
   */
  constructor(
    private readonly files: readonly string[],
    private readonly fileIndex: (file: string) => number,
  ) {}

  /**
   * A number that is the same for two rows of one expression up to spans: the row, or for a register (whose rows
   * differ by their spans alone) -2 - its index. Instruction signatures (ir/code.ts) hold it.
   */
  signatureOf(row: number): number {
    return this.kinds.get(row) === REG ? -2 - this.a.get(row) : row;
  }

  /** Whether no part of the expression has a span (a register or an operator has one): the same row fits any line. */
  spanFree(row: number): boolean {
    switch (this.kinds.get(row)) {
      case REG:
      case BINARY: return false;
      case UNARY: return this.spanFree(this.b.get(row));
      case FN: {
        const first = this.b.get(row);
        for (let i = 0; i < this.c.get(row); i++) if (!this.spanFree(this.args.get(first + i))) return false;
        return true;
      }
      default: return true;
    }
  }

  /**
   * The row of the expression of `row` written `delta` lines further (the same text on another line): `row` itself
   * when no part has a span, else new rows for the parts that have one.
   */
  moved(row: number, delta: number): number {
    if (this.spanFree(row)) return row;
    const kind = this.kinds.get(row);
    const a = this.a.get(row);
    switch (kind) {
      case UNARY: {
        const operand = this.moved(this.b.get(row), delta);
        return this.intern(`u${UNARY_OPS[a]}${operand}`, UNARY, a, operand, 0);
      }
      case FN: {
        const first = this.b.get(row);
        const rows: number[] = [];
        for (let i = 0; i < this.c.get(row); i++) rows.push(this.moved(this.args.get(first + i), delta));
        const key = `f${SCALAR_FUNCTIONS[a]}(${rows.join(',')})`;
        const known = this.interned.get(key);
        if (known !== undefined) return known;
        const at = this.row(FN, a, this.args.length, rows.length);
        for (const r of rows) this.args.push(r);
        this.interned.set(key, at);
        return at;
      }
      default: {
        // A register or an operator: the rows with spans of their own.
        const b = kind === BINARY ? this.moved(this.b.get(row), delta) : this.b.get(row);
        const c = kind === BINARY ? this.moved(this.c.get(row), delta) : this.c.get(row);
        const at = this.kinds.push(kind);
        this.a.push(a);
        this.b.push(b);
        this.c.push(c);
        this.spanAt.push(this.spans.pushMoved(this.spanAt.get(row), delta));
        this.fileAt.push(this.fileAt.get(row));
        return at;
      }
    }
  }

  /** The row of an expression (its sub-expressions first). */
  add(e: ScalarExpr): number {
    switch (e.kind) {
      case 'const': return this.constant(e.value);
      case 'core': return this.intern('core', CORE, 0, 0, 0);
      case 'ncores': return this.intern('ncores', NCORES, 0, 0, 0);
      case 'index': return this.intern(`#${e.name}`, INDEX, INDEX_NAMES.indexOf(e.name), 0, 0);
      case 'reg': return this.row(REG, e.index, 0, 0, e.span);
      case 'unary': {
        const operand = this.add(e.operand);
        return this.intern(`u${e.op}${operand}`, UNARY, UNARY_OPS.indexOf(e.op), operand, 0);
      }
      case 'binary': {
        const left = this.add(e.left);
        const right = this.add(e.right);
        return this.row(BINARY, BINARY_CODE.get(e.op)!, left, right, e.span);
      }
      case 'fn': {
        const rows = e.args.map((x) => this.add(x));
        const key = `f${e.name}(${rows.join(',')})`;
        const known = this.interned.get(key);
        if (known !== undefined) return known;
        const first = this.args.length;
        for (const r of rows) this.args.push(r);
        const at = this.row(FN, FUNCTION_CODE.get(e.name)!, first, rows.length);
        this.interned.set(key, at);
        return at;
      }
    }
  }

  private constant(value: number): number {
    // A map compares 0 and -0 as the same key; an expression keeps its sign.
    if (Object.is(value, -0)) {
      if (this.negativeZero < 0) this.negativeZero = this.constRow(value);
      return this.negativeZero;
    }
    const known = this.interned.get(value);
    if (known !== undefined) return known;
    const at = this.constRow(value);
    this.interned.set(value, at);
    return at;
  }

  private constRow(value: number): number {
    const at = this.row(CONST, this.consts.length, 0, 0);
    this.consts.push(value);
    return at;
  }

  private intern(key: string, kind: number, a: number, b: number, c: number): number {
    const known = this.interned.get(key);
    if (known !== undefined) return known;
    const at = this.row(kind, a, b, c);
    this.interned.set(key, at);
    return at;
  }

  private row(kind: number, a: number, b: number, c: number, span?: { readonly file: string; readonly line: number; readonly col: number; readonly endLine: number; readonly endCol: number }): number {
    const at = this.kinds.push(kind);
    this.a.push(a);
    this.b.push(b);
    this.c.push(c);
    this.spanAt.push(span ? this.spans.push(span) : -1);
    this.fileAt.push(span ? this.fileIndex(span.file) : 0);
    return at;
  }

  /** The expression of a row, as an object (the same object while it stays in the cache). */
  get(row: number): ScalarExpr {
    const slot = row & (CACHE_SIZE - 1);
    if (this.cached[slot] === row) return this.cache[slot]!;
    const e = this.make(row);
    this.cache[slot] = e;
    this.cached[slot] = row;
    return e;
  }

  private make(row: number): ScalarExpr {
    const a = this.a.get(row);
    switch (this.kinds.get(row)) {
      case CONST: return { kind: 'const', value: this.consts.get(a) };
      case REG: return { kind: 'reg', index: a, span: this.spanOf(row) };
      case CORE: return { kind: 'core' };
      case NCORES: return { kind: 'ncores' };
      case INDEX: return { kind: 'index', name: INDEX_NAMES[a] };
      case UNARY: return { kind: 'unary', op: UNARY_OPS[a], operand: this.get(this.b.get(row)) };
      case BINARY: return { kind: 'binary', op: BINARY_OPS[a], left: this.get(this.b.get(row)), right: this.get(this.c.get(row)), span: this.spanOf(row) };
      default: {
        const first = this.b.get(row);
        const args: ScalarExpr[] = [];
        for (let i = 0; i < this.c.get(row); i++) args.push(this.get(this.args.get(first + i)));
        return { kind: 'fn', name: SCALAR_FUNCTIONS[a] as ScalarFunction, args };
      }
    }
  }

  /** The value of a constant row, or undefined for any other. */
  constantValue(row: number): number | undefined {
    return this.kinds.get(row) === CONST ? this.consts.get(this.a.get(row)) : undefined;
  }

  private spanOf(row: number): ReturnType<SpanColumns['span']> {
    return this.spans.span(this.spanAt.get(row), this.files[this.fileAt.get(row)]);
  }

  get rows(): number {
    return this.kinds.length;
  }

  seal(): void {
    for (const c of [this.kinds, this.a, this.b, this.c, this.spanAt, this.fileAt, this.consts, this.args]) c.seal();
    this.spans.seal();
    this.interned = new Map();
  }
}
