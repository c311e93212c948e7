/** Breakpoint conditions, hit conditions and log messages: parsed once when set, in the evaluate language. */
import * as ast from '../lang/ast';
import { DiagnosticBag } from '../lang/diagnostics';
import { parseExpression } from '../lang/parser';

export interface ParsedExpression {
  readonly text: string;
  readonly expr: ast.Expr;
}

/** Parses an expression of the evaluate language; the error says the column and what was expected. */
export function parseUserExpression(text: string, what: string): ParsedExpression | { error: string } {
  const diagnostics = new DiagnosticBag();
  const expr = parseExpression(text, '<expression>', diagnostics);
  const first = diagnostics.sorted()[0];
  if (!expr || first) return { error: `${what} does not parse: column ${first?.span.col ?? 1}: ${first?.message ?? 'expected an expression'}` };
  return { text, expr };
}

export type HitCondition = (count: number) => boolean;

/**
 * `N` or `== N`: stop at the N-th hit; `>= N`, `> N`, `<= N`, `< N`: while the count compares so;
 * `% N`: every N-th hit.
 */
export function parseHitCondition(text: string): HitCondition | { error: string } {
  const m = /^\s*(==|>=|<=|>|<|%)?\s*(\d+)\s*$/.exec(text);
  if (!m) return { error: `hit condition '${text}' is not understood: write N, == N, >= N, > N, <= N, < N or % N` };
  const n = Number(m[2]);
  switch (m[1] ?? '==') {
    case '==': return (c) => c === n;
    case '>=': return (c) => c >= n;
    case '<=': return (c) => c <= n;
    case '>': return (c) => c > n;
    case '<': return (c) => c < n;
    default:
      if (n === 0) return { error: 'hit condition \'% 0\' divides by zero' };
      return (c) => c % n === 0;
  }
}

/** A log message: literal text with `{expression}` parts; `{{` and `}}` are literal braces. */
export type LogPart = string | ParsedExpression;

export function parseLogMessage(text: string): LogPart[] | { error: string } {
  const parts: LogPart[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ((c === '{' || c === '}') && text[i + 1] === c) {
      literal += c;
      i++;
    } else if (c === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) return { error: `log message: '{' at column ${i + 1} is not closed` };
      const parsed = parseUserExpression(text.slice(i + 1, end), `'{${text.slice(i + 1, end)}}' in the log message`);
      if ('error' in parsed) return parsed;
      if (literal) parts.push(literal);
      literal = '';
      parts.push(parsed);
      i = end;
    } else {
      literal += c;
    }
  }
  if (literal) parts.push(literal);
  return parts;
}
