/**
 * Rewriting the parts of nodes that passes change: registers (renamed or replaced by values) and access
 * patterns (re-based on another tensor), in scalar expressions, operands, attributes and evaluate-language
 * expressions alike. A rewrite returns the very object it was given when nothing in it changed, so that the
 * texts of what did change can be printed anew from the IR while the rest keeps the text the user wrote.
 */
import * as ast from '../base/expr';
import { Span } from '../base/span';
import { AccessItem, AccessPattern, AttrValue, CallArg, Node, Operand, ScalarExpr } from '../ir/program';
import { printAccess, printScalar } from '../ir/print';
import { fold } from '../ir/scalar';
import { registerIndex } from '../machine/limits';

export interface Rewriter {
  /** The expression that replaces register `index` (the register itself when unchanged). */
  register(index: number, span: ScalarExpr & { kind: 'reg' }): ScalarExpr;
  /** A register written by the node (Set, Load, a loop): its new index. */
  writtenRegister(index: number): number;
  /** The access pattern that replaces one (after its own registers were rewritten). */
  access(ap: AccessPattern): AccessPattern;
  /** A name of an evaluate-language expression: the expression (placed at `span`) that replaces it, or undefined to keep it. */
  name(name: string, span: Span): ast.Expr | undefined;
}

export function rewriteScalar(e: ScalarExpr, r: Rewriter): ScalarExpr {
  switch (e.kind) {
    case 'const':
    case 'core':
    case 'ncores':
    case 'index': return e;
    case 'reg': return r.register(e.index, e);
    case 'unary': {
      const operand = rewriteScalar(e.operand, r);
      return operand === e.operand ? e : fold({ kind: 'unary', op: e.op, operand });
    }
    case 'binary': {
      const left = rewriteScalar(e.left, r);
      const right = rewriteScalar(e.right, r);
      return left === e.left && right === e.right ? e : fold({ kind: 'binary', op: e.op, left, right, span: e.span });
    }
    case 'fn': {
      const args = e.args.map((a) => rewriteScalar(a, r));
      return args.every((a, i) => a === e.args[i]) ? e : fold({ kind: 'fn', name: e.name, args });
    }
  }
}

function rewriteItem(item: AccessItem, r: Rewriter): AccessItem {
  if (item.kind === 'at') {
    const index = rewriteScalar(item.index, r);
    return index === item.index ? item : { kind: 'at', index };
  }
  const [lo, hi, step] = [rewriteScalar(item.lo, r), rewriteScalar(item.hi, r), rewriteScalar(item.step, r)];
  return lo === item.lo && hi === item.hi && step === item.step ? item : { kind: 'slice', lo, hi, step };
}

/** The pattern with its registers rewritten, then re-based by the rewriter; a changed pattern gets its text printed anew. */
export function rewriteAccess(ap: AccessPattern, r: Rewriter): AccessPattern {
  const items = ap.items.map((i) => rewriteItem(i, r));
  const bcast = ap.bcast && rewriteScalar(ap.bcast, r);
  const same = bcast === ap.bcast && items.every((it, i) => it === ap.items[i]);
  return r.access(same ? ap : { ...ap, items, bcast, text: printAccess(ap.tensor.name, items, ap.transpose, bcast, ap.steps, ap.bitcast, ap.tensor) });
}

export function rewriteOperand(op: Operand, r: Rewriter): Operand {
  switch (op.kind) {
    case 'tensor': return { kind: 'tensor', ap: rewriteAccess(op.ap, r) };
    case 'scalar': {
      // A label that names what the copy reads: reprinted only when the expression changed (a register renamed).
      const expr = rewriteScalar(op.expr, r);
      return expr === op.expr ? op : { ...op, expr, text: printScalar(expr) };
    }
    case 'register': return { ...op, index: r.writtenRegister(op.index) };
    case 'string': return op;
    case 'eval': return { ...op, expr: rewriteAst(op.expr, r) };
  }
}

function rewriteAttr(v: AttrValue, r: Rewriter): AttrValue {
  return v.kind === 'operand' ? { kind: 'operand', operand: rewriteOperand(v.operand, r) } : v;
}

/** Names in an evaluate-language expression: registers and tensors get their new names. */
export function rewriteAst(e: ast.Expr, r: Rewriter): ast.Expr {
  switch (e.kind) {
    case 'number':
    case 'string': return e;
    case 'name': return r.name(e.name, e.span) ?? e;
    case 'unary': return { ...e, operand: rewriteAst(e.operand, r) };
    case 'binary': return { ...e, left: rewriteAst(e.left, r), right: rewriteAst(e.right, r) };
    case 'call': return { ...e, args: e.args.map((a) => rewriteAst(a, r)), named: e.named.map((n) => ({ ...n, value: rewriteAst(n.value, r) })) };
    case 'index': return {
      ...e,
      base: rewriteAst(e.base, r),
      items: e.items.map((i) => (i.kind === 'at' ? { ...i, index: rewriteAst(i.index, r) }
        : { ...i, lo: i.lo && rewriteAst(i.lo, r), hi: i.hi && rewriteAst(i.hi, r), step: i.step && rewriteAst(i.step, r) })),
    };
    case 'member': return { ...e, base: rewriteAst(e.base, r), args: e.args?.map((a) => rewriteAst(a, r)) };
  }
}

/**
 * The fields of a node rewritten (regions are not descended: the caller copies them). The result has no id, index,
 * fn or region of its own yet.
 */
export function rewriteNodeFields(node: Node, r: Rewriter): Partial<Node> {
  switch (node.kind) {
    case 'instr':
      return {
        dst: node.dst && rewriteOperand(node.dst, r),
        srcs: node.srcs.map((o) => rewriteOperand(o, r)),
        attrs: new Map([...node.attrs].map(([k, v]) => [k, rewriteAttr(v, r)])),
        members: node.members?.map((m) => ({ ...m, ...rewriteNodeFields(m, r) }) as typeof m),
      } as Partial<Node>;
    case 'for':
      return { register: r.writtenRegister(node.register), from: rewriteScalar(node.from, r), to: rewriteScalar(node.to, r), step: rewriteScalar(node.step, r) } as Partial<Node>;
    case 'if':
      return { cond: rewriteScalar(node.cond, r) } as Partial<Node>;
    case 'call':
      return { args: node.args.map((a): CallArg => (a.kind === 'tensor' ? { kind: 'tensor', ap: rewriteAccess(a.ap, r) } : { ...a, expr: rewriteScalar(a.expr, r) })) } as Partial<Node>;
    case 'return':
      return {};
  }
}

/** Every register a node reads or writes (regions not descended). */
export function registersOfNode(node: Node): Set<number> {
  const used = new Set<number>();
  const collector: Rewriter = {
    register: (i, e) => (used.add(i), e),
    writtenRegister: (i) => (used.add(i), i),
    access: (ap) => ap,
    name: (n) => {
      const register = registerIndex(n);
      if (register !== undefined) used.add(register);
      return undefined;
    },
  };
  rewriteNodeFields(node, collector);
  return used;
}
