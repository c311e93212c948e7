/**
 * Breakpoint conditions over numbers alone (`r0 == 5`, `r1 > N && core == 0`), compiled once into a closure: such a
 * condition is asked at every visit of its line, and the evaluate language's general evaluator (values, broadcasting,
 * scopes) costs more than the instruction it guards. The result is the general evaluator's, number for number: the
 * same operations (its table of binary operators), the same short circuit of && and ||. Anything else (a tensor, a
 * function call, an index) is not compiled, and a register never written in the activation makes the compiled
 * condition answer `undefined`: the general evaluator then says what is wrong, as it always did.
 */
import * as ast from '../base/expr';
import { BINARY } from '../eval/evaluate';
import { Core, Frame } from '../machine/core';
import { registerIndex } from '../machine/limits';

/** The condition's value, or undefined when a register it reads was never written in this activation. */
export type ScalarCondition = (frame: Frame, core: Core) => number | undefined;

/**
 * Compiles a condition in a module with these constants and this many cores; undefined when the condition is not over
 * numbers alone (it is evaluated by the general evaluator).
 */
export function compileScalarCondition(e: ast.Expr, constants: ReadonlyMap<string, number> | undefined, ncores: number): ScalarCondition | undefined {
  switch (e.kind) {
    case 'number': {
      const value = e.value;
      return () => value;
    }
    case 'name': return compileName(e.name, constants, ncores);
    case 'unary': {
      const operand = compileScalarCondition(e.operand, constants, ncores);
      if (!operand || e.op === '+') return operand;
      if (e.op === '-') return (f, c) => negate(operand(f, c));
      return (f, c) => {
        const x = operand(f, c);
        return x === undefined ? undefined : x === 0 ? 1 : 0;
      };
    }
    case 'binary': {
      const left = compileScalarCondition(e.left, constants, ncores);
      const right = compileScalarCondition(e.right, constants, ncores);
      if (!left || !right) return undefined;
      const op = BINARY[e.op];
      const shortCircuit = e.op === '&&' ? 0 : e.op === '||' ? 1 : -1;
      return (f, c) => {
        const a = left(f, c);
        if (a === undefined) return undefined;
        // As the evaluator: a false left side of && (a true one of ||) decides without the right side.
        if (shortCircuit === 0 && a === 0) return 0;
        if (shortCircuit === 1 && a !== 0) return 1;
        const b = right(f, c);
        return b === undefined ? undefined : op(a, b);
      };
    }
    default: return undefined;
  }
}

/** A name as the evaluator resolves it: a register, then `core` and `ncores`, then a constant of the module. */
function compileName(name: string, constants: ReadonlyMap<string, number> | undefined, ncores: number): ScalarCondition | undefined {
  const index = registerIndex(name);
  if (index !== undefined) return (f) => (f.isWritten(index) ? f.regs[index] : undefined);
  if (name === 'core') return (_f, c) => c.index;
  if (name === 'ncores') return () => ncores;
  const value = constants?.get(name);
  return value === undefined ? undefined : () => value;
}

function negate(x: number | undefined): number | undefined {
  return x === undefined ? undefined : -x;
}
