/** IR back to BIR text: scalar expressions and access patterns, for what passes build (labels, messages). */
import { AccessItem, ScalarExpr } from './program';

const PRECEDENCE: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5, '**': 7 };

export function printScalar(e: ScalarExpr, outer = 0): string {
  switch (e.kind) {
    case 'const': return Number.isInteger(e.value) || !Number.isFinite(e.value) ? formatConst(e.value) : String(e.value);
    case 'reg': return `r${e.index}`;
    case 'core':
    case 'ncores': return e.kind;
    case 'unary': return `${e.op}${printScalar(e.operand, 6)}`;
    case 'fn': return `${e.name}(${e.args.map((a) => printScalar(a)).join(', ')})`;
    case 'binary': {
      const p = PRECEDENCE[e.op];
      const text = `${printScalar(e.left, p)}${e.op === '*' || e.op === '**' ? e.op : ` ${e.op} `}${printScalar(e.right, p + 1)}`;
      return p < outer ? `(${text})` : text;
    }
  }
}

function formatConst(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return String(v);
}

export function printItem(item: AccessItem): string {
  if (item.kind === 'at') return printScalar(item.index);
  const step = item.step.kind === 'const' && item.step.value === 1 ? '' : `:${printScalar(item.step)}`;
  return `${printScalar(item.lo)}:${printScalar(item.hi)}${step}`;
}

export function printAccess(name: string, items: readonly AccessItem[], transpose: boolean, bcast?: ScalarExpr): string {
  const index = items.length ? `[${items.map(printItem).join(', ')}]` : '';
  return `${name}${index}${transpose ? '.T' : ''}${bcast ? `.bcast(${printScalar(bcast)})` : ''}`;
}
