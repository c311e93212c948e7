/**
 * The syntax tree of a BIR file, as written. Every node keeps its span; the checker turns it into the IR.
 * Expressions are shared by the program (operands, bounds, conditions) and by the debugger's evaluate language.
 */
import { Span } from './source';

export type Expr =
  | NumberExpr
  | StringExpr
  | NameExpr
  | UnaryExpr
  | BinaryExpr
  | CallExpr
  | IndexExpr
  | MemberExpr;

export interface NumberExpr { readonly kind: 'number'; readonly value: number; readonly span: Span }
export interface StringExpr { readonly kind: 'string'; readonly value: string; readonly span: Span }
/** A register, a constant, a tensor, `core`, `ncores`, or a word such as `relu` in an attribute. May be qualified `m::x`. */
export interface NameExpr { readonly kind: 'name'; readonly name: string; readonly span: Span }
export interface UnaryExpr { readonly kind: 'unary'; readonly op: '-' | '+' | '!'; readonly operand: Expr; readonly span: Span }
export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '**' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||';
export interface BinaryExpr { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr; readonly span: Span }
/** `f(a, b, key = v)`: built-in functions (`min`, `sum`, `allclose`, `random(...)` in initializers), and `.bcast(n)` as a method. */
export interface CallExpr {
  readonly kind: 'call';
  readonly callee: string;
  readonly calleeSpan: Span;
  readonly args: readonly Expr[];
  readonly named: readonly NamedArg[];
  readonly span: Span;
}
export interface NamedArg { readonly name: string; readonly value: Expr; readonly span: Span }
/** `t[...]`: a slice or element access. */
export interface IndexExpr { readonly kind: 'index'; readonly base: Expr; readonly items: readonly IndexItem[]; readonly span: Span }
export type IndexItem =
  | { readonly kind: 'at'; readonly index: Expr; readonly span: Span }
  | { readonly kind: 'slice'; readonly lo?: Expr; readonly hi?: Expr; readonly step?: Expr; readonly span: Span };
/** `t.T` (transpose) or `t.bcast(n)` (then `args` holds n). */
export interface MemberExpr { readonly kind: 'member'; readonly base: Expr; readonly member: string; readonly args?: readonly Expr[]; readonly span: Span }

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
export interface AllocStmt { readonly kind: 'alloc'; readonly memory: 'sbuf' | 'psum'; readonly name: string; readonly nameSpan: Span; readonly type: TypeRef; readonly span: Span }
export interface ForStmt {
  readonly kind: 'for';
  readonly register: string;
  readonly registerSpan: Span;
  readonly from: Expr;
  readonly to: Expr;
  readonly step?: Expr;
  readonly body: Block;
  /** The header `for r0 in a..b`, which is what breakpoints and steps stop at. */
  readonly span: Span;
}
export interface IfStmt { readonly kind: 'if'; readonly cond: Expr; readonly then: Block; readonly else?: Block; readonly span: Span }
export interface CallStmt { readonly kind: 'call'; readonly callee: string; readonly calleeSpan: Span; readonly args: readonly Expr[]; readonly span: Span }
export interface ReturnStmt { readonly kind: 'return'; readonly span: Span }

export type Stmt = InstructionStmt | SetStmt | AllocStmt | ForStmt | IfStmt | CallStmt | ReturnStmt;

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

export type TopDecl = FuncDecl | DramDecl | ConstDecl | ImportDecl;

export interface FileAst {
  readonly file: string;
  readonly module?: { readonly name: string; readonly span: Span };
  readonly decls: readonly TopDecl[];
}
