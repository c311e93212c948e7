/** What names mean inside a module and a function, and how scalar expressions are resolved against them. */
import * as ast from '../ast';
import { DiagnosticBag } from '../diagnostics';
import { Span } from '../../base/span';
import { AllocInfo, DramInfo, FunctionIR, IndexName, SCALAR_FUNCTIONS, ScalarExpr, ScalarFunction, TensorDecl, TensorParamInfo } from '../../ir/program';
import { registerIndex } from '../../machine/limits';
import { fold } from '../../ir/scalar';
import { suggest } from '../../base/suggest';

export interface ModuleScope {
  readonly name: string;
  readonly file: string;
  /** The source text a span of this module covers (lines joined by a space, each trimmed, as `spanText`). */
  readonly textOf: (span: Span) => string;
  readonly consts: Map<string, number>;
  readonly drams: Map<string, DramInfo>;
  /** Functions of this module by short name. */
  readonly functions: Map<string, FunctionIR>;
  /** Modules imported by this file, by module name. */
  readonly imports: Map<string, ModuleScope>;
}

export interface FunctionScope {
  readonly module: ModuleScope;
  readonly fnName: string;
  /** Tensor parameters and the allocations declared so far. */
  readonly tensors: Map<string, TensorParamInfo | AllocInfo>;
  /** Allocations that were refused (reported): their uses are not reported again as unknown names. */
  readonly refused?: Set<string>;
  /** Allocations of blocks that have ended, with what to say when a later line names one. */
  readonly ended?: Map<string, string>;
}

export class Resolver {
  /**
   * One expression per constant value: a program writes the same few numbers a hundred thousand times, and scalar
   * expressions are values nothing changes (passes share them too).
   */
  private readonly constants = new Map<number, ScalarExpr>();

  constructor(readonly diagnostics: DiagnosticBag) {}

  /** The expression of a constant. */
  constantExpr(value: number): ScalarExpr {
    // -0 is a value of its own, which a Map key would merge with 0.
    if (value === 0 && 1 / value < 0) return { kind: 'const', value };
    let e = this.constants.get(value);
    if (e === undefined) this.constants.set(value, (e = { kind: 'const', value }));
    return e;
  }

  /** The tensor a name denotes in this scope, or undefined (no diagnostic). */
  tensor(name: string, scope: FunctionScope | undefined, module: ModuleScope): TensorDecl | undefined {
    return scope?.tensors.get(name) ?? module.drams.get(name);
  }

  /**
   * Resolves a scalar expression: numbers, registers, `core`, `ncores`, constants, operators and min/max/abs/floor/ceil/sqrt;
   * in a mask, also the destination's index names (`indices`), which shadow constants of the same name there.
   */
  scalar(e: ast.Expr, module: ModuleScope, scope: FunctionScope | undefined, what: string, indices?: ReadonlySet<string>): ScalarExpr | undefined {
    switch (e.kind) {
      case 'number': return this.constantExpr(e.value);
      case 'name': return indices?.has(e.name) ? { kind: 'index', name: e.name as IndexName } : this.scalarName(e, module, scope, what);
      case 'unary': {
        const operand = this.scalar(e.operand, module, scope, what, indices);
        if (!operand) return undefined;
        if (e.op === '+') return operand;
        return this.shared(fold({ kind: 'unary', op: e.op, operand }));
      }
      case 'binary': {
        const left = this.scalar(e.left, module, scope, what, indices);
        const right = this.scalar(e.right, module, scope, what, indices);
        if (!left || !right) return undefined;
        const folded = fold({ kind: 'binary', op: e.op, left, right, span: e.span });
        if (folded.kind === 'const' && !Number.isFinite(folded.value) && (e.op === '/' || e.op === '%') && right.kind === 'const' && right.value === 0) {
          this.diagnostics.error(e.right.span, `division by zero in ${what}`);
          return undefined;
        }
        return this.shared(folded);
      }
      case 'call': return this.scalarCall(e, module, scope, what, indices);
      case 'string':
        this.diagnostics.error(e.span, `a string cannot be used as ${what}; a number or a register is expected`);
        return undefined;
      case 'index':
      case 'member':
        this.diagnostics.error(e.span, `a tensor cannot be used as ${what}; a number or a register is expected (use 'Load' to read one element into a register)`);
        return undefined;
    }
  }

  private scalarName(e: ast.NameExpr, module: ModuleScope, scope: FunctionScope | undefined, what: string): ScalarExpr | undefined {
    const reg = registerIndex(e.name);
    if (reg !== undefined) {
      if (!scope) {
        this.diagnostics.error(e.span, `register '${e.name}' cannot be used in ${what}: registers exist only while a function runs`);
        return undefined;
      }
      return { kind: 'reg', index: reg, span: e.span };
    }
    if (e.name === 'core' || e.name === 'ncores') {
      if (!scope) {
        this.diagnostics.error(e.span, `'${e.name}' cannot be used in ${what}: it is known only when the program runs`);
        return undefined;
      }
      return { kind: e.name };
    }
    const c = module.consts.get(e.name);
    if (c !== undefined) return this.constantExpr(c);
    // `accumulate = true`, as NKI writes its flags: the words are the numbers 1 and 0 where no name shadows them.
    if ((e.name === 'true' || e.name === 'false') && !this.tensor(e.name, scope, module)) return this.constantExpr(e.name === 'true' ? 1 : 0);
    if (this.tensor(e.name, scope, module)) {
      this.diagnostics.error(e.span, `'${e.name}' is a tensor; ${what} must be a number or a register (use 'Load' to read one element into a register)`);
      return undefined;
    }
    this.unknownName(e.name, e.span, module, scope);
    return undefined;
  }

  private scalarCall(e: ast.CallExpr, module: ModuleScope, scope: FunctionScope | undefined, what: string, indices?: ReadonlySet<string>): ScalarExpr | undefined {
    if (!(SCALAR_FUNCTIONS as readonly string[]).includes(e.callee)) {
      this.diagnostics.error(e.calleeSpan, `unknown function '${e.callee}' in ${what} (known: ${SCALAR_FUNCTIONS.join(', ')})`);
      return undefined;
    }
    const name = e.callee as ScalarFunction;
    const arity = name === 'min' || name === 'max' ? 2 : 1;
    if (e.args.length !== arity || e.named.length > 0) {
      this.diagnostics.error(e.span, `'${name}' takes ${arity} argument${arity > 1 ? 's' : ''}, found ${e.args.length + e.named.length}`);
      return undefined;
    }
    const args = e.args.map((a) => this.scalar(a, module, scope, what, indices));
    if (args.some((a) => !a)) return undefined;
    return this.shared(fold({ kind: 'fn', name, args: args as ScalarExpr[] }));
  }

  /** A folded expression, its constant shared. */
  private shared(e: ScalarExpr): ScalarExpr {
    return e.kind === 'const' ? this.constantExpr(e.value) : e;
  }

  /** A constant: a scalar expression that does not depend on registers. */
  constant(e: ast.Expr, module: ModuleScope, what: string): number | undefined {
    const s = this.scalar(e, module, undefined, what);
    if (!s) return undefined;
    if (s.kind !== 'const') {
      this.diagnostics.error(e.span, `${what} must be a constant`);
      return undefined;
    }
    return s.value;
  }

  /** A constant integer within [min, max]. */
  integer(e: ast.Expr, module: ModuleScope, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.constant(e, module, what);
    if (v === undefined) return undefined;
    if (!Number.isInteger(v) || v < min || v > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
      this.diagnostics.error(e.span, `${what} must be ${range}, found ${v}`);
      return undefined;
    }
    return v;
  }

  unknownName(name: string, span: Span, module: ModuleScope, scope: FunctionScope | undefined): void {
    if (scope?.refused?.has(name)) return;
    const ended = scope?.ended?.get(name);
    if (ended) {
      this.diagnostics.error(span, ended);
      return;
    }
    const known = [...module.consts.keys(), ...module.drams.keys(), ...(scope ? scope.tensors.keys() : [])];
    const hint = suggest(name, known);
    this.diagnostics.error(span, `unknown name '${name}'${hint ? `; did you mean '${hint}'?` : ''}`);
  }
}
