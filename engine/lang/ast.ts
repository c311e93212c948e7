/**
 * The syntax tree of a BIR file, as written. Every node keeps its span; the checker turns it into the IR.
 * Expressions (base/expr.ts) are shared by the program and by the debugger's evaluate language.
 */
import { Span } from '../base/span';
import { Expr } from '../base/expr';

export type { Expr, NumberExpr, StringExpr, NameExpr, UnaryExpr, BinaryOp, BinaryExpr, CallExpr, NamedArg, IndexExpr, IndexItem, MemberExpr } from '../base/expr';

export interface TypeRef { readonly dtype: string; readonly dtypeSpan: Span; readonly dims: readonly Expr[]; readonly span: Span }

export interface Attribute { readonly name: string; readonly nameSpan: Span; readonly value: Expr; readonly span: Span }

/** `Opcode[.variant] [dst <-] operands, key = value`. The span covers the whole statement. */
export interface InstructionStmt {
  readonly kind: 'instr';
  readonly opcode: string;
  readonly opcodeSpan: Span;
  readonly dst?: Expr;
  readonly operands: readonly Expr[];
  readonly attrs: readonly Attribute[];
  readonly span: Span;
}
export interface SetStmt { readonly kind: 'set'; readonly register: string; readonly registerSpan: Span; readonly value: Expr; readonly span: Span }
/** `sbuf t : f32[128, 512]` (or an array of such tiles, `sbuf t[4] : ...`), with an explicit place after the type when one is given (`, offset = 4096`, `, bank = 2`). */
export interface AllocStmt {
  readonly kind: 'alloc';
  readonly memory: 'sbuf' | 'psum';
  readonly name: string;
  readonly nameSpan: Span;
  /** `sbuf acc[4][2] : f32[128, 512]`: an array of tiles, one expression per dimension; absent for one tile. */
  readonly array?: readonly Expr[];
  readonly type: TypeRef;
  /** Absent when the allocation is placed by the checker. */
  readonly attrs?: readonly Attribute[];
  readonly span: Span;
}
export interface ForStmt {
  readonly kind: 'for';
  readonly register: string;
  readonly registerSpan: Span;
  readonly from: Expr;
  readonly to: Expr;
  readonly step?: Expr;
  /** `independent` after the bounds: the iterations are declared independent of each other (NKI's affine_range). */
  readonly independent?: Span;
  readonly body: Block;
  /** The header `for r0 in a..b`, which is what breakpoints and steps stop at. */
  readonly span: Span;
}
export interface IfStmt { readonly kind: 'if'; readonly cond: Expr; readonly then: Block; readonly else?: Block; readonly span: Span }
/** `{ ... }` on a line of its own: a block whose allocations are freed at its `}` (the span is the `{`). */
export interface BlockStmt { readonly kind: 'block'; readonly body: Block; readonly span: Span }
export interface CallStmt { readonly kind: 'call'; readonly callee: string; readonly calleeSpan: Span; readonly args: readonly Expr[]; readonly span: Span }
export interface ReturnStmt { readonly kind: 'return'; readonly span: Span }

export type Stmt = InstructionStmt | SetStmt | AllocStmt | ForStmt | IfStmt | BlockStmt | CallStmt | ReturnStmt;

export interface Block { readonly stmts: readonly Stmt[]; readonly open: Span; readonly close: Span }

export type ParamDecl =
  | { readonly kind: 'tensor'; readonly name: string; readonly nameSpan: Span; readonly memory?: 'dram' | 'sbuf' | 'psum'; readonly type: TypeRef; readonly span: Span }
  | { readonly kind: 'register'; readonly name: string; readonly nameSpan: Span; readonly span: Span };

export interface FuncDecl { readonly kind: 'func'; readonly name: string; readonly nameSpan: Span; readonly params: readonly ParamDecl[]; readonly body: Block; readonly span: Span }
export interface DramDecl {
  readonly kind: 'dram';
  readonly name: string;
  readonly nameSpan: Span;
  readonly type: TypeRef;
  readonly role?: 'input' | 'output';
  readonly init?: Expr;
  readonly span: Span;
}
export interface ConstDecl { readonly kind: 'const'; readonly name: string; readonly nameSpan: Span; readonly value: Expr; readonly span: Span }
export interface ImportDecl { readonly kind: 'import'; readonly path: string; readonly pathSpan: Span; readonly span: Span }

/** `cores 2`: how many cores the program runs on, unless a launch or `bir-sim --cores` says otherwise. */
export interface CoresDecl { readonly kind: 'cores'; readonly value: Expr; readonly span: Span }

export type TopDecl = FuncDecl | DramDecl | ConstDecl | ImportDecl | CoresDecl;

export interface FileAst {
  readonly file: string;
  readonly module?: { readonly name: string; readonly span: Span };
  readonly decls: readonly TopDecl[];
}
