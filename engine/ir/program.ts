/**
 * The checked program: what the checker builds from the syntax tree, what passes rewrite, what the
 * graph is drawn from and what the run loops execute. It is plain data; run/ compiles it to closures.
 */
import { BinaryOp } from '../base/expr';
import * as ast from '../base/expr';
import { Span } from '../base/span';
import { DType } from '../base/dtype';


export type MemoryKind = 'dram' | 'sbuf' | 'psum';

/** The engines of a NeuronCore; an instruction's engine colours the graph view and counts in run summaries. */
export type Engine = 'PE' | 'ACT' | 'DVE' | 'POOL' | 'DMA' | 'SP';

// ---- scalar expressions (registers and constants; compiled to closures) ----

export type ScalarExpr =
  | { readonly kind: 'const'; readonly value: number }
  | { readonly kind: 'reg'; readonly index: number; readonly span: Span }
  | { readonly kind: 'core' }
  | { readonly kind: 'ncores' }
  | { readonly kind: 'unary'; readonly op: '-' | '!'; readonly operand: ScalarExpr }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: ScalarExpr; readonly right: ScalarExpr; readonly span: Span }
  | { readonly kind: 'fn'; readonly name: ScalarFunction; readonly args: readonly ScalarExpr[] }
  /**
   * An index of the instruction's destination in a `mask = ...` predicate (ir/mask.ts): `p` the partition, `f0`..`f3`
   * the free dimensions, `f` the free dimension of a view that has one. Nowhere else: it has no value outside a mask.
   */
  | { readonly kind: 'index'; readonly name: IndexName };

/** The index names of a mask, in the order ir/mask.ts numbers them. */
export const INDEX_NAMES = ['p', 'f', 'f0', 'f1', 'f2', 'f3'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

export const SCALAR_FUNCTIONS = ['min', 'max', 'abs', 'floor', 'ceil', 'sqrt'] as const;
export type ScalarFunction = (typeof SCALAR_FUNCTIONS)[number];

// ---- tensors ----

export interface DramInfo {
  readonly kind: 'dram';
  readonly name: string;
  readonly module: string;
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly role?: 'input' | 'output';
  readonly init?: DramInit;
  readonly span: Span;
  /** Index in Program.drams. */
  readonly slot: number;
}

export type DramInit =
  | { readonly kind: 'zeros' }
  | { readonly kind: 'const'; readonly value: number }
  | { readonly kind: 'iota' }
  | { readonly kind: 'random'; readonly seed: number; readonly low: number; readonly high: number }
  | { readonly kind: 'file'; readonly path: string; readonly span: Span };

/** Where an on-chip allocation lives inside its function's frame: partitions [0, partitions) and a byte range per partition. */
export interface Placement {
  readonly partitions: number;
  /** The first partition (`partition = 64`), absent for 0: the allocation takes [partition, partition + partitions). */
  readonly partition?: number;
  readonly offset: number;
  readonly bytesPerPartition: number;
}

export interface AllocInfo {
  readonly kind: 'alloc';
  readonly name: string;
  readonly memory: 'sbuf' | 'psum';
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly placement: Placement;
  readonly span: Span;
  /** Index in Frame.tensors. */
  readonly slot: number;
  /**
   * For an allocation declared inside a loop body or a branch arm: that block, named for messages (`the loop at
   * line 12`). It is live only while a cursor of the frame is in a region whose `allocs` hold it, and starts
   * unwritten at each entry of the region. Absent for one at the top level of the function body.
   */
  readonly scope?: string;
  /**
   * For an array of tiles (`sbuf acc[4][2] : f32[128, 512]`): its dimensions. The tensor is then
   * `[partitions, ...array, ...the tile's free dimensions]` (`[128, 4, 2, 512]`), so that each tile is one run of
   * bytes in every partition, and an access pattern names a tile by indices of the array dimensions
   * (`acc[r1][0]` has the items `[0:128, r1, 0]`). Absent for a single tile.
   */
  readonly array?: readonly number[];
}

/** How many array dimensions a tensor has: those of an array of tiles, else 0. */
export function arrayRank(t: TensorDecl): number {
  return t.kind === 'alloc' ? (t.array?.length ?? 0) : 0;
}

/** The shape of one tile of a tensor: an array's element, or the tensor itself. */
export function tileShape(t: TensorDecl): readonly number[] {
  const n = arrayRank(t);
  return n === 0 ? t.shape : [t.shape[0], ...t.shape.slice(1 + n)];
}

export interface TensorParamInfo {
  readonly kind: 'param';
  readonly name: string;
  readonly memory?: MemoryKind;
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly span: Span;
  /** Index in Frame.tensors (parameters come first). */
  readonly slot: number;
}

export type TensorDecl = DramInfo | AllocInfo | TensorParamInfo;

export type AccessItem =
  | { readonly kind: 'at'; readonly index: ScalarExpr }
  | { readonly kind: 'slice'; readonly lo: ScalarExpr; readonly hi: ScalarExpr; readonly step: ScalarExpr };

/**
 * A view applied after indexing and before `.T` and `.bcast`: `.reshape(d0, d1, ...)` (the same elements, row-major,
 * in another shape), `.permute(a0, a1, ...)` (dimension i of the result is dimension a_i of the view) or
 * `.broadcast(dim, size)` (a dimension of size 1 repeated `size` times, stride 0).
 */
export type ViewStep =
  | { readonly kind: 'reshape'; readonly dims: readonly number[] }
  | { readonly kind: 'permute'; readonly axes: readonly number[] }
  | { readonly kind: 'broadcast'; readonly dim: number; readonly size: number };

/** `t.view(dt)[a:b, i].reshape(...).permute(...).broadcast(d, n).T.bcast(n)`: a view of a tensor, resolved against its declaration. */
export interface AccessPattern {
  readonly tensor: TensorDecl;
  /** `.view(dtype)` right after the name: the tensor's bytes as `dtype`, which the items then index. */
  readonly bitcast?: DType;
  /** One per leading dimension; missing trailing items take the whole dimension. */
  readonly items: readonly AccessItem[];
  /** Reshapes and permutations, in order; absent for none. */
  readonly steps?: readonly ViewStep[];
  readonly transpose: boolean;
  readonly bcast?: ScalarExpr;
  /** The dimensions of the view where they do not depend on registers. */
  readonly shape: readonly (number | undefined)[];
  readonly dtype: DType;
  /** Undefined for a parameter declared without a memory kind: checked when the instruction runs. */
  readonly memory?: MemoryKind;
  readonly text: string;
  readonly span: Span;
}

// ---- operands and attributes ----

export type Operand =
  | { readonly kind: 'tensor'; readonly ap: AccessPattern }
  | { readonly kind: 'scalar'; readonly expr: ScalarExpr; readonly text: string; readonly span: Span }
  | { readonly kind: 'register'; readonly index: number; readonly span: Span }
  | { readonly kind: 'string'; readonly value: string; readonly span: Span }
  /** An expression of the evaluate language (Print operands, Assert conditions), resolved when it runs. */
  | { readonly kind: 'eval'; readonly expr: ast.Expr; readonly text: string; readonly span: Span };

export type AttrValue =
  | { readonly kind: 'word'; readonly word: string; readonly span: Span }
  | { readonly kind: 'operand'; readonly operand: Operand };

// ---- nodes and regions ----

interface NodeBase {
  /** Stable identity derived from the origin: `module::func@line:col`, with a suffix for copies a pass made. */
  id: string;
  /** Position in the program's code. */
  index: number;
  /** The source span this node was built from; passes keep it. */
  readonly span: Span;
  fn: FunctionIR;
  region: Region;
  /** Set by the `inline` pass: the function the node was written in, and which inlined call it came from. */
  inlined?: InlineOrigin;
}

export interface InlineOrigin {
  /** The function whose body the node was copied from. */
  readonly from: FunctionIR;
  /** Unique per inlined call in the program: the instance of the callee this node belongs to. */
  readonly site: number;
  /** How many inlinings deep the node is (f inlined into g inlined into main: 2). */
  readonly depth: number;
}

export interface InstrNode extends NodeBase {
  readonly kind: 'instr';
  /** An opcode of the instruction set, or `Fused` for a group the `fuse` pass made. */
  readonly opcode: string;
  readonly engine: Engine;
  readonly dst?: Operand;
  readonly srcs: readonly Operand[];
  readonly attrs: ReadonlyMap<string, AttrValue>;
  /** For a fused group: its members in execution order (the group runs them all where the last one was). */
  readonly members?: readonly InstrNode[];
  /** For a fused group: its name, `g1`, `g2`, ... */
  readonly group?: string;
}

export interface ForNode extends NodeBase {
  readonly kind: 'for';
  readonly register: number;
  readonly from: ScalarExpr;
  readonly to: ScalarExpr;
  readonly step: ScalarExpr;
  readonly body: Region;
  /** Declared `independent` (NKI's affine_range): no iteration reads what another wrote, reductions aside. */
  readonly independent?: boolean;
}

export interface IfNode extends NodeBase {
  readonly kind: 'if';
  readonly cond: ScalarExpr;
  readonly then: Region;
  readonly else?: Region;
  /** A bare block `{ ... }`: always taken (its condition is 1), a scope for the allocations it declares. */
  readonly block?: boolean;
}

export type CallArg =
  | { readonly kind: 'tensor'; readonly ap: AccessPattern }
  | { readonly kind: 'scalar'; readonly expr: ScalarExpr; readonly span: Span };

export interface CallNode extends NodeBase {
  readonly kind: 'call';
  callee: FunctionIR;
  readonly args: readonly CallArg[];
}

export interface ReturnNode extends NodeBase {
  readonly kind: 'return';
}

export type Node = InstrNode | ForNode | IfNode | CallNode | ReturnNode;

export type RegionKind = 'body' | 'loop' | 'then' | 'else';

export interface Region {
  readonly kind: RegionKind;
  /** Its nodes in order: indices into the program's code in a checked program, objects in a copy a pass rewrites. */
  nodes: NodeList;
  readonly fn: FunctionIR;
  /** The `for` or `if` that owns this region; none for a function body. */
  readonly owner?: ForNode | IfNode;
  /** The region that contains the owner. */
  readonly parent?: Region;
  /** The closing brace: where a step that leaves the region is reported. */
  readonly end: Span;
  /** The allocations declared in this block (a loop body or an arm): made unwritten at each entry, not visible outside. */
  allocs?: readonly AllocInfo[];
}

export interface FunctionIR {
  readonly name: string;
  readonly module: string;
  readonly fullName: string;
  readonly span: Span;
  readonly params: readonly (TensorParamInfo | { readonly kind: 'register'; readonly index: number; readonly span: Span })[];
  readonly allocs: readonly AllocInfo[];
  /** Number of tensor slots in a frame: tensor parameters then allocations. */
  readonly tensorSlots: number;
  body: Region;
  /** Bytes per partition the frame's allocations need (rounded to the memory's alignment). */
  readonly sbufFrameBytes: number;
  readonly psumFrameBytes: number;
}

export interface ModuleInfo {
  readonly name: string;
  readonly file: string;
  readonly span: Span;
}

/**
 * The nodes of a region, in order. In a checked program they are indices into the program's code (ir/node-list.ts's
 * CodeNodes); in the copy a pass rewrites, objects (ArrayNodes) until numbering makes it compact again.
 */
export interface NodeList extends Iterable<Node> {
  readonly length: number;
  /** The node at a position of the region, as an object. */
  at(position: number): Node;
  /** The index (Node.index) of the node at a position, without making the node. */
  indexAt(position: number): number;
  /** The nodes as an array of objects (made for the occasion). */
  toArray(): Node[];
}

/**
 * Every node of a program by index, compact (ir/code.ts): instructions are rows of numbers, made objects when asked
 * for, and two objects of one node may exist at different times, so nodes are compared by index, not identity.
 */
export interface ProgramCode {
  readonly length: number;
  /** Whether a number is the index of a node. */
  has(index: number): boolean;
  /** The node at an index, as an object. */
  node(index: number): Node;
  /** The node's id, without making it. */
  idOf(index: number): string;
  /** A plain instruction's opcode, operands and attributes as numbers (ir/code.ts); -1 for a node kept as an object. */
  signature(index: number, out: number[]): number;
  /** The kind of a node (ir/code.ts's NODE_*), without making it. */
  kindAt(index: number): number;
  /**
   * The earliest node this one repeats (the checker's copy of a line of the same text, ir/code.ts's appendMoved), itself
   * when none: nodes with the same answer have the same effects, only their lines differ.
   */
  copyOf(index: number): number;
  /** Whether a node is kept as an object (loops, branches, calls, returns, fused groups); a plain instruction is not. */
  isObject(index: number): boolean;
  /** The line a node starts on and its file, without making it. */
  lineOf(index: number): number;
  fileAt(index: number): string;
  /** The function a node belongs to, without making it. */
  functionOf(index: number): FunctionIR;
  /** The nodes kept as objects: loops, branches, calls and returns (a fused group is a row, made when asked for). */
  objectNodes(): IterableIterator<Node>;
  /** The ids that are not their node's origin (copies a pass made), with the node's index. */
  copiedIds(): IterableIterator<[number, string]>;
}

export interface Program {
  readonly entry: ModuleInfo;
  readonly modules: readonly ModuleInfo[];
  readonly functions: ReadonlyMap<string, FunctionIR>;
  readonly main: FunctionIR;
  readonly drams: readonly DramInfo[];
  /** The constants of each module, by module name. */
  readonly constants: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Every node, by Node.index: compact (see ir/code.ts). */
  code: ProgramCode;
  /** The text of every file, for messages and the line map. */
  readonly sources: ReadonlyMap<string, string>;
  /** The entry module's `cores N`: the cores a run uses unless its launch or command line gives another count. */
  readonly cores?: DeclaredCores;
}

export interface DeclaredCores {
  readonly count: number;
  readonly span: Span;
}
