/**
 * The nodes of a program, compact: instructions as rows of typed arrays (their operands, attributes, access patterns
 * and scalar expressions in tables of their own, interned where occurrences can share), everything else (loops,
 * branches, calls, returns, fused groups) as objects, which are few. A checked program of millions of instructions
 * keeps a few hundred bytes per instruction, and no object per instruction.
 *
 * A node is made an object again (`node(index)`) when a consumer asks for it; recently made ones are kept
 * (direct-mapped by index), so a loop's nodes are made once. Two objects of one node may exist at different times:
 * nodes are compared by `index`, never by identity.
 */
import { Span } from '../base/span';
import { Expr } from '../base/expr';
import { Column, int32s, uint16s, uint8s } from './columns';
import { AccessTable } from './access-table';
import { ExprTable } from './expr-table';
import { engineOf, OPCODES } from './opcodes';
import { AttrValue, FunctionIR, InlineOrigin, InstrNode, Node, Operand, ProgramCode, Region, TensorDecl } from './program';
import { SourceText } from './source-text';

/** The kind of each node, as stored. */
export const NODE_INSTR = 0;
export const NODE_FOR = 1;
export const NODE_IF = 2;
export const NODE_CALL = 3;
export const NODE_RETURN = 4;

const KIND_CODE = { instr: NODE_INSTR, for: NODE_FOR, if: NODE_IF, call: NODE_CALL, return: NODE_RETURN } as const;

const OPERAND_TENSOR = 0;
const OPERAND_SCALAR = 1;
const OPERAND_REGISTER = 2;
const OPERAND_STRING = 3;
const OPERAND_EVAL = 4;

const ATTR_WORD = 0;
const ATTR_OPERAND = 1;

const OPCODE_NAMES: readonly string[] = [...OPCODES.keys()];
const OPCODE_CODE: ReadonlyMap<string, number> = new Map(OPCODE_NAMES.map((o, i) => [o, i]));

/** The attributes of every instruction that has none: one map, never changed. */
const NO_ATTRIBUTES: ReadonlyMap<string, AttrValue> = new Map();

const CACHE_SIZE = 8192;

/** The opcode code of a node kept as an object. */
const OBJECT = 255;
/**
 * The opcode code of a fused group's row: its destination is its operand; its attribute fields hold where its members
 * are in the member code (first, count), so a group has at most MAX_ROW_MEMBERS of them (a longer one is an object).
 */
const FUSED = 254;
const MAX_ROW_MEMBERS = 255;

export class Code implements ProgramCode {
  /** Node kinds (NODE_*), by index. */
  private readonly kinds: Column<Uint8Array>;
  private readonly opcodes: Column<Uint8Array>;
  private readonly regionOf: Column<Int32Array>;
  private readonly fileOf: Column<Uint16Array>;
  /** line, col, endLine, endCol of each node. */
  private readonly spans: Column<Int32Array>;
  private readonly operandsFirst: Column<Int32Array>;
  /** Operands of the node; bit 7 set when the first is the destination. */
  private readonly operandsCount: Column<Uint8Array>;
  private readonly attrsFirst: Column<Int32Array>;
  private readonly attrsCount: Column<Uint8Array>;
  /** The earliest node each one is a moved copy of (appendMoved), itself when none: see copyOf. */
  private readonly copies: Column<Int32Array>;

  // The tables below only grow: a code derived for a pass (`derived`, `forPass`) shares them with the code it came from.
  private readonly operandKind: Column<Uint8Array>;
  private readonly operandRef: Column<Int32Array>;
  /** A string's index for a text printed by a pass; -1 for the text the span covers in the source. */
  private readonly operandText: Column<Int32Array>;
  private readonly operandFile: Column<Uint16Array>;
  private readonly operandSpans: Column<Int32Array>;

  private readonly attrName: Column<Int32Array>;
  private readonly attrKind: Column<Uint8Array>;
  private readonly attrRef: Column<Int32Array>;
  private readonly attrFile: Column<Uint16Array>;
  private readonly attrSpans: Column<Int32Array>;

  private readonly strings: string[];
  private stringIndex = new Map<string, number>();
  private readonly evals: Expr[];
  /** Nodes kept as objects: every node that is not a plain instruction. */
  private readonly objects: Map<number, Node>;
  /**
   * The members of fused groups, as rows of a code of their own (they are not nodes of the program's order): a
   * snapshot after `fuse` keeps its instructions compact, as the program as written does.
   */
  private readonly members: { code?: Code };
  private readonly groupNames: Map<number, string>;
  /** Ids that are not the node's origin (copies a pass made); origin ids are derived. */
  private readonly ids: Map<number, string>;
  private readonly inlined: Map<number, InlineOrigin>;

  readonly files: string[];
  private readonly fileIndexOf: Map<string, number>;
  readonly regions: Region[];
  private readonly regionIndex = new Map<Region, number>();
  private readonly decls: TensorDecl[];
  private readonly declIndex: Map<TensorDecl, number>;
  readonly exprs: ExprTable;
  readonly accesses: AccessTable;
  /** The code whose tables this one shares (numbering after a pass), or undefined when the tables are its own. */
  private readonly tablesOf?: Code;

  private readonly cache: (Node | undefined)[] = new Array<Node | undefined>(CACHE_SIZE);
  private readonly cached = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly seen = new Int32Array(CACHE_SIZE).fill(-1);
  /**
   * In the copy a pass rewrites: every instruction object this code made. Numbering copies the row of a node the pass
   * handed back untouched (the very object made here) instead of appending the object again. Identity, not a field:
   * a spread copy of a node (a pass's rewrite) is not among them.
   */
  private readonly made?: WeakSet<Node>;
  private sealed = false;

  constructor(private readonly text: SourceText, from?: { code: Code; rows: 'shared' | 'own'; regions?: Region[]; objects?: Map<number, Node> }) {
    const base = from?.code;
    const rows = from?.rows === 'shared' ? base : undefined;
    this.kinds = rows?.kinds ?? uint8s();
    this.opcodes = rows?.opcodes ?? uint8s();
    this.regionOf = rows?.regionOf ?? int32s();
    this.fileOf = rows?.fileOf ?? uint16s();
    this.spans = rows?.spans ?? int32s();
    this.operandsFirst = rows?.operandsFirst ?? int32s();
    this.operandsCount = rows?.operandsCount ?? uint8s();
    this.attrsFirst = rows?.attrsFirst ?? int32s();
    this.attrsCount = rows?.attrsCount ?? uint8s();
    this.copies = rows?.copies ?? int32s();
    this.groupNames = rows?.groupNames ?? new Map();
    this.ids = rows?.ids ?? new Map();
    this.inlined = rows?.inlined ?? new Map();
    this.objects = from?.objects ?? new Map();
    this.regions = from?.regions ?? [];
    this.operandKind = base?.operandKind ?? uint8s();
    this.operandRef = base?.operandRef ?? int32s();
    this.operandText = base?.operandText ?? int32s();
    this.operandFile = base?.operandFile ?? uint16s();
    this.operandSpans = base?.operandSpans ?? int32s();
    this.attrName = base?.attrName ?? int32s();
    this.attrKind = base?.attrKind ?? uint8s();
    this.attrRef = base?.attrRef ?? int32s();
    this.attrFile = base?.attrFile ?? uint16s();
    this.attrSpans = base?.attrSpans ?? int32s();
    this.strings = base?.strings ?? [];
    this.evals = base?.evals ?? [];
    this.members = base?.members ?? {};
    this.files = base?.files ?? [];
    this.fileIndexOf = base?.fileIndexOf ?? new Map();
    this.decls = base?.decls ?? [];
    this.declIndex = base?.declIndex ?? new Map();
    if (base) {
      this.tablesOf = base.tablesOf ?? base;
      this.exprs = base.exprs;
      this.accesses = base.accesses;
    } else {
      const fileIndex = (file: string): number => this.fileIndex(file);
      this.exprs = new ExprTable(this.files, fileIndex);
      this.accesses = new AccessTable(this.exprs, this.decls, (d) => this.declOf(d));
    }
    if (rows) {
      this.made = new WeakSet();
      this.regions.forEach((r, i) => this.regionIndex.set(r, i));
      this.sealed = true;
    }
  }

  /**
   * The copy of this (sealed) code a pass rewrites: the same rows (shared, not copied), whose regions are `regions`
   * (the copy's, by the index of the region each replaces) and whose loops, branches, calls and returns are `objects`
   * (the copy's objects, by index). It remembers the instructions it makes (`madeHere`).
   */
  forPass(regions: Region[], objects: Map<number, Node>): Code {
    return new Code(this.text, { code: this, rows: 'shared', regions, objects });
  }

  /** An empty code for the program a pass made from this one: its rows its own, the tables this one's. */
  derived(): Code {
    return new Code(this.text, { code: this, rows: 'own' });
  }

  /** Whether a node is an object this code made and handed out (see `made`): its row is the node as it is. */
  madeHere(node: Node): boolean {
    return this.made?.has(node) === true;
  }

  /** The code's regions' indices, by region. */
  regionIndexOf(region: Region): number | undefined {
    return this.regionIndex.get(region);
  }

  /** The nodes kept as objects, by index. */
  objectEntries(): IterableIterator<[number, Node]> {
    return this.objects.entries();
  }

  get length(): number {
    return this.kinds.length;
  }

  // ---- building ----

  /**
   * Appends a node; its index. A loop's or a branch's node is appended before its regions' nodes (reserve, then
   * `fill`), so that indices follow the program's order.
   */
  append(node: Node): number {
    const index = this.reserve();
    this.fill(index, node);
    return index;
  }

  /**
   * Whether `appendMoved` may copy the node: a plain instruction from the source, without an expression of
   * `Print` or `Assert` (kept as an object whose spans a copy could not move).
   */
  movable(index: number): boolean {
    if (this.opcodes.get(index) >= FUSED || this.ids.has(index) || this.inlined.has(index)) return false;
    const end = this.operandRowsEnd(index);
    for (let r = this.operandsFirst.get(index); r < end; r++) if (this.operandKind.get(r) === OPERAND_EVAL) return false;
    return true;
  }

  /**
   * Appends a copy of node `from` (which `movable` allowed) at line `line` of its file, in its region: the node of
   * another line of the same text. Its index.
   */
  appendMoved(from: number, line: number): number {
    if (this.sealed) throw new Error('the program\'s code is sealed');
    const s = from * 4;
    const delta = line - this.spans.get(s);
    const index = this.kinds.push(this.kinds.get(from));
    this.copies.push(this.copies.get(from));
    this.opcodes.push(this.opcodes.get(from));
    this.regionOf.push(this.regionOf.get(from));
    this.fileOf.push(this.fileOf.get(from));
    this.spans.push4(line, this.spans.get(s + 1), this.spans.get(s + 2) + delta, this.spans.get(s + 3));
    // The node's operand rows are one run (its operands, then its attributes' operands), as `fill` lays them out.
    const first = this.operandsFirst.get(from);
    const end = this.operandRowsEnd(from);
    const shift = this.operandKind.length - first;
    this.operandsFirst.push(first + shift);
    this.operandsCount.push(this.operandsCount.get(from));
    for (let r = first; r < end; r++) {
      const kind = this.operandKind.get(r);
      const ref = this.operandRef.get(r);
      this.operandKind.push(kind);
      // Expressions with spans of their own (registers, operators) are moved with the line.
      this.operandRef.push(kind === OPERAND_TENSOR ? this.accesses.moved(ref, delta) : kind === OPERAND_SCALAR ? this.exprs.moved(ref, delta) : ref);
      this.operandText.push(this.operandText.get(r));
      this.operandFile.push(this.operandFile.get(r));
      moveSpan(this.operandSpans, r, delta);
    }
    const attrs = this.attrsFirst.get(from);
    const count = this.attrsCount.get(from);
    this.attrsFirst.push(this.attrName.length);
    this.attrsCount.push(count);
    for (let a = attrs; a < attrs + count; a++) {
      const kind = this.attrKind.get(a);
      this.attrName.push(this.attrName.get(a));
      this.attrKind.push(kind);
      this.attrRef.push(kind === ATTR_OPERAND ? this.attrRef.get(a) + shift : this.attrRef.get(a));
      this.attrFile.push(this.attrFile.get(a));
      if (kind === ATTR_WORD) moveSpan(this.attrSpans, a, delta);
      else this.attrSpans.push4(0, 0, 0, 0);
    }
    return index;
  }

  /** One past the last operand row of an instruction row: its own operands' and its attributes'. */
  private operandRowsEnd(index: number): number {
    let end = this.operandsFirst.get(index) + (this.operandsCount.get(index) & 0x7f);
    const attrs = this.attrsFirst.get(index);
    for (let a = attrs; a < attrs + this.attrsCount.get(index); a++) {
      if (this.attrKind.get(a) === ATTR_OPERAND) end = Math.max(end, this.attrRef.get(a) + 1);
    }
    return end;
  }

  /**
   * Appends node `index` of `from` (a code sharing this one's tables) as it is there, in `region`, with `id` (its id
   * there when undefined): its numbers copied, nothing made. Not for a node kept as an object. Its index.
   */
  appendRow(from: Code, index: number, region: Region, id?: string): number {
    if (this.sealed) throw new Error('the program\'s code is sealed');
    if (from.accesses !== this.accesses) throw new Error('a row is copied only between codes that share their tables');
    const at = this.kinds.push(from.kinds.get(index));
    this.copies.push(at);
    this.opcodes.push(from.opcodes.get(index));
    this.regionOf.push(this.regionOfNode(region));
    this.fileOf.push(from.fileOf.get(index));
    const s = index * 4;
    this.spans.push4(from.spans.get(s), from.spans.get(s + 1), from.spans.get(s + 2), from.spans.get(s + 3));
    this.operandsFirst.push(from.operandsFirst.get(index));
    this.operandsCount.push(from.operandsCount.get(index));
    this.attrsFirst.push(from.attrsFirst.get(index));
    this.attrsCount.push(from.attrsCount.get(index));
    const own = id ?? from.ids.get(index);
    if (own !== undefined && own !== this.originId(at, region.fn)) this.ids.set(at, own);
    const inlined = from.inlined.get(index);
    if (inlined) this.inlined.set(at, inlined);
    const group = from.groupNames.get(index);
    if (group !== undefined) this.groupNames.set(at, group);
    return at;
  }

  /** The id a pass gave the node, or undefined when its id is its origin (`module::func@line:col`). */
  copiedId(index: number): string | undefined {
    return this.ids.get(index);
  }

  /** A number for the node's line and column: equal for nodes whose origin ids may be equal (see originKey). */
  originKeyOf(index: number): number {
    return originKey(this.spans.get(index * 4), this.spans.get(index * 4 + 1));
  }

  /** A place for a node whose own nodes come first in the building but after it in the program. */
  reserve(): number {
    const index = this.kinds.push(NODE_RETURN);
    this.copies.push(index);
    this.opcodes.push(0);
    this.regionOf.push(-1);
    this.fileOf.push(0);
    this.spans.push4(0, 0, 0, 0);
    this.operandsFirst.push(0);
    this.operandsCount.push(0);
    this.attrsFirst.push(0);
    this.attrsCount.push(0);
    return index;
  }

  /** Stores a node at a reserved index (the node's `index` becomes it). */
  fill(index: number, node: Node): void {
    if (this.sealed) throw new Error('the program\'s code is sealed');
    (node as { index: number }).index = index;
    this.kinds.set(index, KIND_CODE[node.kind]);
    this.regionOf.set(index, this.regionOfNode(node.region));
    this.fileOf.set(index, this.fileIndex(node.span.file));
    const s = index * 4;
    this.spans.set(s, node.span.line);
    this.spans.set(s + 1, node.span.col);
    this.spans.set(s + 2, node.span.endLine);
    this.spans.set(s + 3, node.span.endCol);
    // A node built from source has no id yet: its origin is its id, derived when asked for.
    if (node.id && node.id !== this.originId(index, node.region.fn)) this.ids.set(index, node.id);
    if (node.kind === 'instr' && node.members && node.members.length <= MAX_ROW_MEMBERS && node.group !== undefined) {
      this.fillGroup(index, node);
      return;
    }
    if (node.kind !== 'instr' || node.members || !OPCODE_CODE.has(node.opcode)) {
      if (!node.id) (node as { id: string }).id = this.originId(index, node.region.fn);
      this.opcodes.set(index, OBJECT);
      this.objects.set(index, node);
      return;
    }
    if (node.inlined) this.inlined.set(index, node.inlined);
    this.opcodes.set(index, OPCODE_CODE.get(node.opcode)!);
    this.operandsFirst.set(index, this.operandKind.length);
    if (node.dst) this.operand(node.dst);
    for (const o of node.srcs) this.operand(o);
    this.operandsCount.set(index, node.srcs.length + (node.dst ? 1 : 0) | (node.dst ? 0x80 : 0));
    this.attrsFirst.set(index, this.attrName.length);
    for (const [name, v] of node.attrs) this.attr(name, v);
    this.attrsCount.set(index, node.attrs.size);
  }

  /** A fused group as a row; its members are copied into the member code (the pass's objects stay as they were). */
  private fillGroup(index: number, group: InstrNode): void {
    const members = (this.members.code ??= new Code(this.text));
    // Shared by the codes a pipeline derives from one another, which each add their groups.
    members.sealed = false;
    if (group.inlined) this.inlined.set(index, group.inlined);
    this.opcodes.set(index, FUSED);
    this.groupNames.set(index, group.group!);
    this.operandsFirst.set(index, this.operandKind.length);
    if (group.dst) this.operand(group.dst);
    this.operandsCount.set(index, group.dst ? 0x81 : 0);
    this.attrsFirst.set(index, members.length);
    for (const m of group.members!) members.append({ ...m });
    this.attrsCount.set(index, group.members!.length);
  }

  private operand(o: Operand): number {
    const row = this.operandKind.length;
    const span = o.kind === 'tensor' ? o.ap.span : o.span;
    switch (o.kind) {
      case 'tensor':
        this.operandKind.push(OPERAND_TENSOR);
        this.operandRef.push(this.accesses.add(o.ap));
        this.operandText.push(this.textIndex(o.ap.text, span));
        break;
      case 'scalar':
        this.operandKind.push(OPERAND_SCALAR);
        this.operandRef.push(this.exprs.add(o.expr));
        this.operandText.push(this.textIndex(o.text, span));
        break;
      case 'register':
        this.operandKind.push(OPERAND_REGISTER);
        this.operandRef.push(o.index);
        this.operandText.push(-1);
        break;
      case 'string':
        this.operandKind.push(OPERAND_STRING);
        this.operandRef.push(this.string(o.value));
        this.operandText.push(-1);
        break;
      case 'eval':
        this.operandKind.push(OPERAND_EVAL);
        this.operandRef.push(this.evals.push(o.expr) - 1);
        this.operandText.push(this.string(o.text));
        break;
    }
    this.operandFile.push(this.fileIndex(span.file));
    pushSpan(this.operandSpans, span);
    return row;
  }

  private attr(name: string, v: AttrValue): void {
    this.attrName.push(this.string(name));
    if (v.kind === 'word') {
      this.attrKind.push(ATTR_WORD);
      this.attrRef.push(this.string(v.word));
      this.attrFile.push(this.fileIndex(v.span.file));
      pushSpan(this.attrSpans, v.span);
      return;
    }
    this.attrKind.push(ATTR_OPERAND);
    this.attrRef.push(this.operand(v.operand));
    this.attrFile.push(0);
    this.attrSpans.push4(0, 0, 0, 0);
  }

  /** -1 when the text is what the span covers in the source (it is not kept twice); else the text's string. */
  private textIndex(text: string, span: Span): number {
    return this.text.covers(span, text) ? -1 : this.string(text);
  }

  private string(s: string): number {
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.stringIndex.set(s, i);
    }
    return i;
  }

  fileIndex(file: string): number {
    let i = this.fileIndexOf.get(file);
    if (i === undefined) {
      i = this.files.push(file) - 1;
      this.fileIndexOf.set(file, i);
    }
    return i;
  }

  private regionOfNode(region: Region): number {
    let i = this.regionIndex.get(region);
    if (i === undefined) {
      i = this.regions.push(region) - 1;
      this.regionIndex.set(region, i);
    }
    return i;
  }

  private declOf(decl: TensorDecl): number {
    let i = this.declIndex.get(decl);
    if (i === undefined) {
      i = this.decls.push(decl) - 1;
      this.declIndex.set(decl, i);
    }
    return i;
  }

  /** Ends the building: the columns are cut to their lengths and the interning maps let go. */
  seal(): void {
    const columns = [
      this.kinds, this.copies, this.opcodes, this.regionOf, this.fileOf, this.spans, this.operandsFirst, this.operandsCount, this.attrsFirst, this.attrsCount,
      this.operandKind, this.operandRef, this.operandText, this.operandFile, this.operandSpans,
      this.attrName, this.attrKind, this.attrRef, this.attrFile, this.attrSpans,
    ];
    for (const c of columns) c.seal();
    this.members.code?.seal();
    this.exprs.seal();
    this.accesses.seal();
    this.stringIndex = new Map();
    this.sealed = true;
  }

  // ---- reading ----

  /** Whether a number is the index of a node. */
  has(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.kinds.length;
  }

  /** The kind of a node (NODE_*), without making it. */
  kindAt(index: number): number {
    return this.kinds.get(index);
  }

  /**
   * The earliest node this one is a moved copy of, itself when it is none: nodes with the same answer are the same
   * instruction (opcode, operands, attributes, the function's names) at different lines.
   */
  copyOf(index: number): number {
    return this.copies.get(index);
  }

  /** Not a plain instruction: a loop, branch, call, return or fused group (a group's row is made with its members). */
  isObject(index: number): boolean {
    return this.opcodes.get(index) >= FUSED;
  }

  /** The line a node starts on, without making it. */
  lineOf(index: number): number {
    return this.spans.get(index * 4);
  }

  /** The file of a node, without making it. */
  fileAt(index: number): string {
    return this.files[this.fileOf.get(index)];
  }

  /** The function a node belongs to. */
  functionOf(index: number): FunctionIR {
    return this.regions[this.regionOf.get(index)].fn;
  }

  /** The node at an index, as an object. */
  node(index: number): Node {
    if (this.opcodes.get(index) === OBJECT) return this.objects.get(index)!;
    const slot = index & (CACHE_SIZE - 1);
    if (this.cached[slot] === index) return this.cache[slot]!;
    const made = this.makeInstruction(index);
    this.made?.add(made);
    // Kept from its second making on: a node of straight-line code is made once, and keeping it would only make it
    // live long enough to burden the collector.
    if (this.seen[slot] !== index) {
      this.seen[slot] = index;
      return made;
    }
    this.cache[slot] = made;
    this.cached[slot] = index;
    return made;
  }

  /**
   * What a plain instruction is made of, as numbers written into `out`: its opcode, then each operand's kind and table
   * row, then each attribute's name, kind and value (an operand attribute as its operand's kind and row). The tables
   * are interned, so two instructions with the same numbers differ only in their spans, texts and ids: a consumer that
   * needs none of those (the graph's effects) computes once per signature. The count of numbers written; -1 for a node
   * kept as an object (it has no row).
   */
  signature(index: number, out: number[]): number {
    const opcode = this.opcodes.get(index);
    if (opcode >= FUSED) return -1;
    let k = 0;
    out[k++] = opcode;
    const count = this.operandsCount.get(index);
    out[k++] = count;
    const first = this.operandsFirst.get(index);
    for (let i = first; i < first + (count & 0x7f); i++) k = this.operandSignature(i, out, k);
    const attrs = this.attrsCount.get(index);
    const firstAttr = this.attrsFirst.get(index);
    for (let i = firstAttr; i < firstAttr + attrs; i++) {
      out[k++] = this.attrName.get(i);
      const kind = this.attrKind.get(i);
      const ref = this.attrRef.get(i);
      if (kind === ATTR_WORD) {
        out[k++] = -1;
        out[k++] = ref;
      } else {
        k = this.operandSignature(ref, out, k);
      }
    }
    return k;
  }

  /** An operand's kind and row in a signature; a scalar's expression as its table says it is the same up to spans. */
  private operandSignature(row: number, out: number[], k: number): number {
    const kind = this.operandKind.get(row);
    const ref = this.operandRef.get(row);
    out[k++] = kind;
    out[k++] = kind === OPERAND_SCALAR ? this.exprs.signatureOf(ref) : ref;
    return k;
  }

  /** The nodes kept as objects (loops, branches, calls, returns): a fused group is a row, not among them. */
  objectNodes(): IterableIterator<Node> {
    return this.objects.values();
  }

  /** The ids that are not their node's origin (copies a pass made), with the node's index. */
  copiedIds(): IterableIterator<[number, string]> {
    return this.ids.entries();
  }

  /** The node's id: `module::func@line:col`, with a suffix for a copy a pass made. */
  idOf(index: number): string {
    return this.ids.get(index) ?? this.originId(index, this.functionOf(index));
  }

  private originId(index: number, fn: FunctionIR): string {
    return [fn.fullName, '@', this.spans.get(index * 4), ':', this.spans.get(index * 4 + 1)].join('');
  }

  private spanOfNode(index: number): Span {
    const s = index * 4;
    return { file: this.files[this.fileOf.get(index)], line: this.spans.get(s), col: this.spans.get(s + 1), endLine: this.spans.get(s + 2), endCol: this.spans.get(s + 3) };
  }

  private makeGroup(index: number): InstrNode {
    const region = this.regions[this.regionOf.get(index)];
    const first = this.attrsFirst.get(index);
    const code = this.members.code!;
    const members = Array.from({ length: this.attrsCount.get(index) }, (_, k) => code.node(first + k) as InstrNode);
    const inlined = this.inlined.get(index);
    const hasDst = this.operandsCount.get(index) !== 0;
    // Fields in the order the fuse pass writes them.
    return {
      kind: 'instr', opcode: 'Fused', engine: members[members.length - 1].engine, id: this.idOf(index), index, span: this.spanOfNode(index), fn: region.fn, region,
      ...(hasDst ? { dst: this.operandAt(this.operandsFirst.get(index)) } : {}), srcs: [], attrs: NO_ATTRIBUTES, members, group: this.groupNames.get(index)!,
      ...(inlined ? { inlined } : {}),
    };
  }

  private makeInstruction(index: number): InstrNode {
    if (this.opcodes.get(index) === FUSED) return this.makeGroup(index);
    const opcode = OPCODE_NAMES[this.opcodes.get(index)];
    const region = this.regions[this.regionOf.get(index)];
    const count = this.operandsCount.get(index);
    const hasDst = (count & 0x80) !== 0;
    const first = this.operandsFirst.get(index);
    const srcs: Operand[] = [];
    for (let i = hasDst ? 1 : 0; i < (count & 0x7f); i++) srcs.push(this.operandAt(first + i));
    const attrs = this.attrsAt(index);
    const engine = engineOf(opcode, attrs);
    const id = this.idOf(index);
    const span = this.spanOfNode(index);
    const inlined = this.inlined.get(index);
    // Fields in the order the checker writes them, so that a node made again is the node as it was built.
    const node: InstrNode = hasDst
      ? { kind: 'instr', opcode, engine, dst: this.operandAt(first), srcs, attrs, id, index, span, fn: region.fn, region }
      : { kind: 'instr', opcode, engine, srcs, attrs, id, index, span, fn: region.fn, region };
    return inlined ? { ...node, inlined } : node;
  }

  private attrsAt(index: number): ReadonlyMap<string, AttrValue> {
    const n = this.attrsCount.get(index);
    if (n === 0) return NO_ATTRIBUTES;
    const out = new Map<string, AttrValue>();
    const first = this.attrsFirst.get(index);
    for (let i = first; i < first + n; i++) {
      const name = this.strings[this.attrName.get(i)];
      if (this.attrKind.get(i) === ATTR_WORD) {
        out.set(name, { kind: 'word', word: this.strings[this.attrRef.get(i)], span: this.spanAt(this.attrSpans, i, this.attrFile.get(i)) });
      } else {
        out.set(name, { kind: 'operand', operand: this.operandAt(this.attrRef.get(i)) });
      }
    }
    return out;
  }

  private operandAt(row: number): Operand {
    const span = this.spanAt(this.operandSpans, row, this.operandFile.get(row));
    const ref = this.operandRef.get(row);
    const text = (): string => {
      const t = this.operandText.get(row);
      return t >= 0 ? this.strings[t] : this.text.of(span);
    };
    switch (this.operandKind.get(row)) {
      case OPERAND_TENSOR: return { kind: 'tensor', ap: this.accesses.get(ref, text(), span) };
      case OPERAND_SCALAR: return { kind: 'scalar', expr: this.exprs.get(ref), text: text(), span };
      case OPERAND_REGISTER: return { kind: 'register', index: ref, span };
      case OPERAND_STRING: return { kind: 'string', value: this.strings[ref], span };
      default: return { kind: 'eval', expr: this.evals[ref], text: this.strings[this.operandText.get(row)], span };
    }
  }

  private spanAt(spans: Column<Int32Array>, row: number, file: number): Span {
    const s = row * 4;
    return { file: this.files[file], line: spans.get(s), col: spans.get(s + 1), endLine: spans.get(s + 2), endCol: spans.get(s + 3) };
  }
}

/** The line and column an origin id ends with (`@line:col`), as one number: a filter before ids are compared. */
export function originKey(line: number, col: number): number {
  return line * 4_194_304 + col;
}

/** Appends the span of row `row` of `spans`, `delta` lines further. */
function moveSpan(spans: Column<Int32Array>, row: number, delta: number): void {
  const k = row * 4;
  spans.push4(spans.get(k) + delta, spans.get(k + 1), spans.get(k + 2) + delta, spans.get(k + 3));
}

function pushSpan(spans: Column<Int32Array>, span: Span): void {
  spans.push4(span.line, span.col, span.endLine, span.endCol);
}
