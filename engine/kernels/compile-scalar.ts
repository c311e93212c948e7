/** Scalar expressions compiled to closures over a frame's registers. */
import { ScalarExpr } from '../ir/program';
import { applyBinary, applyFunction, applyUnary } from '../ir/scalar';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';

export type ScalarFn = (f: Frame, c: Core, m: Machine) => number;

export function compileScalar(e: ScalarExpr): ScalarFn {
  switch (e.kind) {
    case 'const': {
      const v = e.value;
      return () => v;
    }
    case 'reg': return compileRegister(e);
    case 'core': return (_f, c) => c.index;
    case 'ncores': return (_f, _c, m) => m.ncores;
    // A mask's indices take a value per element: kernels/masked.ts compiles the predicate, never this.
    case 'index': throw new Error(`the index '${e.name}' of a mask has no value outside its mask`);
    case 'unary': {
      const a = compileScalar(e.operand);
      const op = e.op;
      return (f, c, m) => applyUnary(op, a(f, c, m));
    }
    case 'binary': return compileBinary(e);
    case 'fn': {
      const args = e.args.map(compileScalar);
      const name = e.name;
      return (f, c, m) => applyFunction(name, args.map((a) => a(f, c, m)));
    }
  }
}

function compileRegister(e: Extract<ScalarExpr, { kind: 'reg' }>): ScalarFn {
  const index = e.index;
  const bit = 1 << index;
  const span = e.span;
  return (f, _c, m) => {
    if ((f.regWritten & bit) === 0 && m.raises('uninitialized-read')) {
      throw new Fault('uninitialized-read', `register r${index} is read before it is written in this activation of '${f.fn.fullName}'`, span);
    }
    return f.regs[index];
  };
}

function compileBinary(e: Extract<ScalarExpr, { kind: 'binary' }>): ScalarFn {
  const a = compileScalar(e.left);
  const b = compileScalar(e.right);
  const op = e.op;
  const span = e.span;
  switch (op) {
    case '+': return (f, c, m) => a(f, c, m) + b(f, c, m);
    case '-': return (f, c, m) => a(f, c, m) - b(f, c, m);
    case '*': return (f, c, m) => a(f, c, m) * b(f, c, m);
    case '&&': return (f, c, m) => (a(f, c, m) !== 0 && b(f, c, m) !== 0 ? 1 : 0);
    case '||': return (f, c, m) => (a(f, c, m) !== 0 || b(f, c, m) !== 0 ? 1 : 0);
    case '/':
    case '%':
      return (f, c, m) => {
        const x = a(f, c, m);
        const y = b(f, c, m);
        if (y === 0) throw new Fault('division-by-zero', `division by zero: ${x} ${op} 0`, span);
        return applyBinary(op, x, y);
      };
    default: return (f, c, m) => applyBinary(op, a(f, c, m), b(f, c, m));
  }
}
