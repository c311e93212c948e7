/**
 * The expression syntax shared by programs (operands, bounds, conditions, initializers) and by the debugger's
 * evaluate language (watch, REPL, hover, breakpoint conditions, Print and Assert): every node keeps its span.
 */
import { Span } from './span';

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
