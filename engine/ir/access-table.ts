/**
 * The access patterns of a compact program, as interned rows: the tensor, the index items (each an index or a
 * slice of expression rows), the chain of views (a `.view(dtype)` bitcast before the indices; after them
 * `.reshape(...)`, `.permute(...)` and `.broadcast(d, n)` in order, then `.T`, then `.bcast(n)`), the element type, the memory and the static shape. Two operands that denote the same
 * pattern share its row, whatever their place in the text: what differs per occurrence (the span, the text) is the
 * operand's. A pattern is made an object again only when a consumer asks for it.
 */
import { Span } from '../base/span';
import { DType, DTYPES } from '../base/dtype';
import { Column, int32s, uint8s } from './columns';
import { ExprTable } from './expr-table';
import { FieldInterner, FieldList } from './field-interner';
import { AccessItem, AccessPattern, MemoryKind, ScalarExpr, TensorDecl, ViewStep } from './program';

const AT = 0;
const SLICE = 1;

/** The views applied after indexing, in order. */
const VIEW_TRANSPOSE = 0;
const VIEW_BCAST = 1;
const VIEW_RESHAPE = 2;
const VIEW_PERMUTE = 3;
const VIEW_BROADCAST = 4;
/** Its argument is the code of the dtype the bytes are read as. */
const VIEW_BITCAST = 5;

const MEMORIES: readonly (MemoryKind | undefined)[] = [undefined, 'dram', 'sbuf', 'psum'];
const DTYPE_CODE: ReadonlyMap<string, number> = new Map(DTYPES.map((d, i) => [d, i]));

/** The parts of a pattern every occurrence shares, made again recently (direct-mapped by row). */
interface Shared {
  readonly row: number;
  readonly items: readonly AccessItem[];
  readonly shape: readonly (number | undefined)[];
  readonly steps?: readonly ViewStep[];
  readonly transpose: boolean;
  readonly bcast?: ScalarExpr;
  readonly bitcast?: DType;
}

const CACHE_SIZE = 4096;
const NO_STEPS: readonly ViewStep[] = [];

export class AccessTable {
  private readonly tensor: Column<Int32Array> = int32s();
  private readonly memory: Column<Uint8Array> = uint8s();
  private readonly dtype: Column<Uint8Array> = uint8s();
  private readonly itemsFirst: Column<Int32Array> = int32s();
  private readonly itemsCount: Column<Uint8Array> = uint8s();
  private readonly viewsFirst: Column<Int32Array> = int32s();
  private readonly viewsCount: Column<Uint8Array> = uint8s();
  private readonly shapeFirst: Column<Int32Array> = int32s();
  private readonly rank: Column<Uint8Array> = uint8s();
  /** Items: kind, then an index row, or the lo, hi and step rows of a slice. */
  private readonly itemKind: Column<Uint8Array> = uint8s();
  private readonly itemA: Column<Int32Array> = int32s();
  private readonly itemB: Column<Int32Array> = int32s();
  private readonly itemC: Column<Int32Array> = int32s();
  /** Views: kind and argument (an expression row, or -1; for a reshape or permute, its first integer in viewInts). */
  private readonly viewKind: Column<Uint8Array> = uint8s();
  private readonly viewArg: Column<Int32Array> = int32s();
  private readonly viewArgCount: Column<Uint8Array> = uint8s();
  /** The dimensions of reshapes and the axes of permutations. */
  private readonly viewInts: Column<Int32Array> = int32s();
  /** Static dimensions; -1 for one that depends on registers. */
  private readonly dims: Column<Int32Array> = int32s();
  /** 1 when no expression of the row has a span (see spanFree), by row. */
  private readonly free: Column<Uint8Array> = uint8s();
  private readonly interned = new FieldInterner();
  private readonly cache: (Shared | undefined)[] = new Array<Shared | undefined>(CACHE_SIZE);
  private readonly scratch = new FieldList();

  constructor(
    private readonly exprs: ExprTable,
    /** The tensor declarations the program's patterns name, by index. */
    private readonly decls: readonly TensorDecl[],
    private readonly declIndex: (decl: TensorDecl) => number,
  ) {}

  /** The row of a pattern, interned. */
  add(ap: AccessPattern): number {
    // The fields as numbers, interned as they are: a row per distinct pattern.
    const fields = this.scratch;
    fields.clear();
    fields.push4(this.declIndex(ap.tensor), MEMORIES.indexOf(ap.memory), DTYPE_CODE.get(ap.dtype)!, ap.items.length);
    for (const it of ap.items) {
      if (it.kind === 'at') fields.push4(AT, this.exprs.add(it.index), -1, -1);
      else fields.push4(SLICE, this.exprs.add(it.lo), this.exprs.add(it.hi), this.exprs.add(it.step));
    }
    const steps = ap.steps ?? NO_STEPS;
    const views = (ap.bitcast ? 1 : 0) + steps.length + (ap.transpose ? 1 : 0) + (ap.bcast ? 1 : 0);
    fields.push(views);
    if (ap.bitcast) fields.push2(VIEW_BITCAST, DTYPE_CODE.get(ap.bitcast)!);
    for (const s of steps) {
      const ints = s.kind === 'reshape' ? s.dims : s.kind === 'permute' ? s.axes : [s.dim, s.size];
      fields.push2(s.kind === 'reshape' ? VIEW_RESHAPE : s.kind === 'permute' ? VIEW_PERMUTE : VIEW_BROADCAST, ints.length);
      for (const n of ints) fields.push(n);
    }
    if (ap.transpose) fields.push2(VIEW_TRANSPOSE, -1);
    if (ap.bcast) fields.push2(VIEW_BCAST, this.exprs.add(ap.bcast));
    fields.push(ap.shape.length);
    for (const d of ap.shape) fields.push(d ?? -1);
    const known = this.interned.find(fields.values, fields.length);
    if (known >= 0) return known;
    return this.store(fields.values, fields.length);
  }

  /** Whether no expression of the pattern (its indices, a `.bcast` count) has a span: the same row fits any line. */
  spanFree(row: number): boolean {
    return this.free.get(row) === 1;
  }

  private computeSpanFree(row: number): boolean {
    const items = this.itemsFirst.get(row);
    for (let i = items; i < items + this.itemsCount.get(row); i++) {
      if (!this.exprs.spanFree(this.itemA.get(i))) return false;
      if (this.itemKind.get(i) === SLICE && !(this.exprs.spanFree(this.itemB.get(i)) && this.exprs.spanFree(this.itemC.get(i)))) return false;
    }
    const views = this.viewsFirst.get(row);
    for (let v = views; v < views + this.viewsCount.get(row); v++) {
      if (this.viewKind.get(v) === VIEW_BCAST && !this.exprs.spanFree(this.viewArg.get(v))) return false;
    }
    return true;
  }

  /**
   * The row of the pattern of `row` written `delta` lines further (the same text on another line): `row` itself
   * when none of its expressions has a span, else the row of the pattern with those expressions moved (see
   * ExprTable.moved), its fields laid out as `add` lays them.
   */
  moved(row: number, delta: number): number {
    if (this.spanFree(row)) return row;
    const fields = this.scratch;
    fields.clear();
    const items = this.itemsFirst.get(row);
    const itemCount = this.itemsCount.get(row);
    fields.push4(this.tensor.get(row), this.memory.get(row), this.dtype.get(row), itemCount);
    for (let i = items; i < items + itemCount; i++) {
      const a = this.exprs.moved(this.itemA.get(i), delta);
      if (this.itemKind.get(i) === AT) fields.push4(AT, a, -1, -1);
      else fields.push4(SLICE, a, this.exprs.moved(this.itemB.get(i), delta), this.exprs.moved(this.itemC.get(i), delta));
    }
    const views = this.viewsFirst.get(row);
    const viewCount = this.viewsCount.get(row);
    fields.push(viewCount);
    for (let v = views; v < views + viewCount; v++) {
      const kind = this.viewKind.get(v);
      const arg = this.viewArg.get(v);
      if (kind === VIEW_RESHAPE || kind === VIEW_PERMUTE || kind === VIEW_BROADCAST) {
        const count = this.viewArgCount.get(v);
        fields.push2(kind, count);
        for (let j = 0; j < count; j++) fields.push(this.viewInts.get(arg + j));
      } else {
        fields.push2(kind, kind === VIEW_BCAST ? this.exprs.moved(arg, delta) : arg);
      }
    }
    const shape = this.shapeFirst.get(row);
    const rank = this.rank.get(row);
    fields.push(rank);
    for (let d = shape; d < shape + rank; d++) fields.push(this.dims.get(d));
    const known = this.interned.find(fields.values, fields.length);
    return known >= 0 ? known : this.store(fields.values, fields.length);
  }

  /** A new row from the fields `add` laid out. */
  private store(fields: ArrayLike<number>, length: number): number {
    let k = 0;
    const row = this.tensor.push(fields[k++]);
    this.memory.push(fields[k++]);
    this.dtype.push(fields[k++]);
    const items = fields[k++];
    this.itemsFirst.push(this.itemKind.length);
    this.itemsCount.push(items);
    for (let i = 0; i < items; i++) {
      this.itemKind.push(fields[k++]);
      this.itemA.push(fields[k++]);
      this.itemB.push(fields[k++]);
      this.itemC.push(fields[k++]);
    }
    const views = fields[k++];
    this.viewsFirst.push(this.viewKind.length);
    this.viewsCount.push(views);
    for (let i = 0; i < views; i++) {
      const kind = fields[k++];
      this.viewKind.push(kind);
      if (kind === VIEW_RESHAPE || kind === VIEW_PERMUTE || kind === VIEW_BROADCAST) {
        const count = fields[k++];
        this.viewArg.push(this.viewInts.length);
        this.viewArgCount.push(count);
        for (let j = 0; j < count; j++) this.viewInts.push(fields[k++]);
      } else {
        this.viewArg.push(fields[k++]);
        this.viewArgCount.push(0);
      }
    }
    const rank = fields[k++];
    this.shapeFirst.push(this.dims.length);
    this.rank.push(rank);
    for (let i = 0; i < rank; i++) this.dims.push(fields[k++]);
    this.interned.add(fields, length, row);
    this.free.push(this.computeSpanFree(row) ? 1 : 0);
    return row;
  }

  /** The pattern of a row, with the text and span of one of its occurrences. */
  get(row: number, text: string, span: Span): AccessPattern {
    const shared = this.shared(row);
    const tensor = this.decls[this.tensor.get(row)];
    const dtype = DTYPES[this.dtype.get(row)] as DType;
    const memory = MEMORIES[this.memory.get(row)];
    // A plain literal for the common pattern, as resolveAccess makes it (a spread of `undefined` is slow).
    if (!shared.bitcast && !shared.steps) return { tensor, items: shared.items, transpose: shared.transpose, bcast: shared.bcast, shape: shared.shape, dtype, memory, text, span };
    return {
      tensor, ...(shared.bitcast && { bitcast: shared.bitcast }), items: shared.items, ...(shared.steps && { steps: shared.steps }), transpose: shared.transpose, bcast: shared.bcast, shape: shared.shape,
      dtype, memory, text, span,
    };
  }

  /** The tensor declaration a row names. */
  tensorOf(row: number): TensorDecl {
    return this.decls[this.tensor.get(row)];
  }

  private shared(row: number): Shared {
    const slot = row & (CACHE_SIZE - 1);
    const hit = this.cache[slot];
    if (hit?.row === row) return hit;
    const made = this.make(row);
    this.cache[slot] = made;
    return made;
  }

  private make(row: number): Shared {
    const items: AccessItem[] = [];
    const first = this.itemsFirst.get(row);
    for (let i = 0; i < this.itemsCount.get(row); i++) {
      const k = first + i;
      const e = (col: Column<Int32Array>): ScalarExpr => this.exprs.get(col.get(k));
      items.push(this.itemKind.get(k) === AT ? { kind: 'at', index: e(this.itemA) } : { kind: 'slice', lo: e(this.itemA), hi: e(this.itemB), step: e(this.itemC) });
    }
    let transpose = false;
    let bcast: ScalarExpr | undefined;
    let bitcast: DType | undefined;
    let steps: ViewStep[] | undefined;
    const views = this.viewsFirst.get(row);
    for (let i = 0; i < this.viewsCount.get(row); i++) {
      const kind = this.viewKind.get(views + i);
      if (kind === VIEW_TRANSPOSE) transpose = true;
      else if (kind === VIEW_BCAST) bcast = this.exprs.get(this.viewArg.get(views + i));
      else if (kind === VIEW_BITCAST) bitcast = DTYPES[this.viewArg.get(views + i)];
      else {
        const first = this.viewArg.get(views + i);
        const ints: number[] = [];
        for (let j = 0; j < this.viewArgCount.get(views + i); j++) ints.push(this.viewInts.get(first + j));
        (steps ??= []).push(kind === VIEW_RESHAPE ? { kind: 'reshape', dims: ints } : kind === VIEW_PERMUTE ? { kind: 'permute', axes: ints } : { kind: 'broadcast', dim: ints[0], size: ints[1] });
      }
    }
    const shape: (number | undefined)[] = [];
    const dims = this.shapeFirst.get(row);
    for (let i = 0; i < this.rank.get(row); i++) {
      const d = this.dims.get(dims + i);
      shape.push(d < 0 ? undefined : d);
    }
    return { row, items, shape, steps, transpose, bcast, bitcast };
  }

  seal(): void {
    const columns = [this.tensor, this.memory, this.dtype, this.itemsFirst, this.itemsCount, this.viewsFirst, this.viewsCount, this.shapeFirst, this.rank, this.itemKind, this.itemA, this.itemB, this.itemC, this.viewKind, this.viewArg, this.viewArgCount, this.viewInts, this.dims, this.free];
    for (const c of columns) c.seal();
    this.interned.clear();
  }
}
