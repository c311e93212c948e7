/** Static checks of evaluate-language expressions written in a program (Assert conditions, Print operands). */
import * as ast from '../ast';
import { EVAL_FUNCTIONS } from '../../base/eval-functions';
import { FunctionScope, ModuleScope, Resolver } from './scope';
import { registerIndex } from '../../machine/limits';
import { suggest } from '../../base/suggest';
import { DTYPES, isDType } from '../../base/dtype';
import { KNOWN_VIEWS } from './access';

/** Reports unknown names and functions; true when the expression is well formed. */
export function checkEvalExpr(e: ast.Expr, resolver: Resolver, module: ModuleScope, scope: FunctionScope): boolean {
  const d = resolver.diagnostics;
  switch (e.kind) {
    case 'number':
      return true;
    case 'string':
      d.error(e.span, 'a string is not a value here; only the message of Assert and the operands of Print may be strings');
      return false;
    case 'name':
      if (registerIndex(e.name) !== undefined || e.name === 'core' || e.name === 'ncores') return true;
      if (module.consts.has(e.name) || resolver.tensor(e.name, scope, module)) return true;
      resolver.unknownName(e.name, e.span, module, scope);
      return false;
    case 'unary':
      return checkEvalExpr(e.operand, resolver, module, scope);
    case 'binary':
      return checkEvalExpr(e.left, resolver, module, scope) && checkEvalExpr(e.right, resolver, module, scope);
    case 'index':
      return checkEvalExpr(e.base, resolver, module, scope)
        && e.items.every((i) => (i.kind === 'at' ? checkEvalExpr(i.index, resolver, module, scope)
          : [i.lo, i.hi, i.step].every((x) => !x || checkEvalExpr(x, resolver, module, scope))));
    case 'member':
      if (!['T', 'bcast', 'reshape', 'permute', 'broadcast', 'view'].includes(e.member)) {
        d.error(e.span, `unknown view '.${e.member}' (known: ${KNOWN_VIEWS})`);
        return false;
      }
      if (e.member === 'view') {
        const arg = e.args?.length === 1 ? e.args[0] : undefined;
        if (arg?.kind !== 'name' || !isDType(arg.name)) {
          d.error(arg?.span ?? e.span, `'.view(dtype)' needs one dtype (${DTYPES.join(', ')})`);
          return false;
        }
        return checkEvalExpr(e.base, resolver, module, scope);
      }
      return checkEvalExpr(e.base, resolver, module, scope) && (e.args ?? []).every((a) => checkEvalExpr(a, resolver, module, scope));
    case 'call':
      return checkCall(e, resolver, module, scope);
  }
}

function checkCall(e: ast.CallExpr, resolver: Resolver, module: ModuleScope, scope: FunctionScope): boolean {
  const info = EVAL_FUNCTIONS.get(e.callee);
  if (!info) {
    const hint = suggest(e.callee, EVAL_FUNCTIONS.keys());
    resolver.diagnostics.error(e.calleeSpan, `unknown function '${e.callee}'${hint ? `; did you mean '${hint}'?` : ''}`);
    return false;
  }
  const count = e.args.length + e.named.length;
  if (e.args.length < info.minArgs || count > info.maxArgs) {
    const takes = info.minArgs === info.maxArgs ? `${info.minArgs} argument${info.minArgs === 1 ? '' : 's'}` : `${info.minArgs} to ${info.maxArgs} arguments`;
    resolver.diagnostics.error(e.span, `'${e.callee}' takes ${takes}, found ${count}`);
    return false;
  }
  for (const n of e.named) {
    if (!info.named?.includes(n.name)) {
      resolver.diagnostics.error(n.span, `'${e.callee}' has no argument '${n.name}'${info.named ? ` (its named arguments: ${info.named.join(', ')})` : ''}`);
      return false;
    }
  }
  return [...e.args, ...e.named.map((n) => n.value)].every((a) => checkEvalExpr(a, resolver, module, scope));
}
