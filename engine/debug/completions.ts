/**
 * Completions of the Debug Console and the Watch view (DAP's completions): the console's commands at the start of a
 * line; names of the evaluate language elsewhere (tensors, registers, constants, functions), each with its type in
 * the detail; inside `t[...]` the size of the dimension being indexed as well.
 */
import { EVAL_FUNCTIONS } from '../base/eval-functions';
import { CompletionInfo } from '../protocol/types';
import { REPL_COMMANDS } from './repl';

/** The names an input can use where it is evaluated. */
export interface CompletionScope {
  readonly tensors: readonly { readonly name: string; readonly dtype: string; readonly shape: readonly number[]; readonly memory: string }[];
  /** r0..r15, core and ncores, with their values when the program is stopped. */
  readonly registers: readonly { readonly name: string; readonly detail: string }[];
  readonly constants: readonly { readonly name: string; readonly value: number }[];
}

/** The completions of `text` with the cursor at `column` (counted from 0). */
export function completions(text: string, column: number, scope: CompletionScope): CompletionInfo[] {
  const before = text.slice(0, Math.max(0, Math.min(column, text.length)));
  const command = /^(\s*)(:[\w!]*)$/.exec(before);
  if (command) return commandItems(command[1].length, command[2].length);
  const word = /[A-Za-z_][\w]*$/.exec(before);
  const start = word ? before.length - word[0].length : before.length;
  const prefix = word ? word[0] : '';
  const names = nameItems(scope, start, prefix.length).filter((c) => c.label.toLowerCase().startsWith(prefix.toLowerCase()));
  const dimension = openIndex(before);
  if (!dimension) return names;
  const tensor = scope.tensors.find((t) => t.name === dimension.tensor);
  if (!tensor || dimension.dim >= tensor.shape.length) return names;
  const size = tensor.shape[dimension.dim];
  // The sizes come first: after `t[` what matters is how far each dimension goes.
  const where = `dimension ${dimension.dim} of ${tensor.name} (${tensor.dtype}[${tensor.shape.join(', ')}]): size ${size}`;
  const sizes: CompletionInfo[] = [
    { label: `0:${size}`, detail: `${where}, every index`, type: 'text', start, length: prefix.length },
    { label: `${size - 1}`, detail: `${where}, the last index`, type: 'text', start, length: prefix.length },
  ];
  return prefix === '' || /^\d/.test(prefix) ? [...sizes, ...names] : names;
}

function commandItems(start: number, length: number): CompletionInfo[] {
  return REPL_COMMANDS.map((c) => ({
    label: `:${c.name}`,
    text: c.args ? `:${c.name} ` : `:${c.name}`,
    detail: `${c.args ? `:${c.name} ${c.args}: ` : ''}${c.summary}`,
    type: 'keyword' as const,
    start,
    length,
  }));
}

function nameItems(scope: CompletionScope, start: number, length: number): CompletionInfo[] {
  const at = { start, length };
  return [
    ...scope.tensors.map((t) => ({ label: t.name, detail: `${t.dtype}[${t.shape.join(', ')}] in ${t.memory}`, type: 'variable' as const, ...at })),
    ...scope.registers.map((r) => ({ label: r.name, detail: r.detail, type: 'variable' as const, ...at })),
    ...scope.constants.map((c) => ({ label: c.name, detail: `constant = ${c.value}`, type: 'value' as const, ...at })),
    ...[...EVAL_FUNCTIONS].map(([name, info]) => ({ label: name, text: `${name}(`, detail: `${name}(${argumentsOf(info.minArgs, info.maxArgs, info.named)}): ${info.summary}`, type: 'function' as const, ...at })),
  ];
}

function argumentsOf(min: number, max: number, named?: readonly string[]): string {
  const names = ['x', 'y', 'a', 'b'];
  const positional = named ? min : max;
  const args = names.slice(0, positional);
  if (!named && max > min) return [...names.slice(0, min), ...names.slice(min, max).map((n) => `${n}?`)].join(', ');
  return [...args, ...(named ?? []).map((n) => `${n}=`)].join(', ');
}

/**
 * The innermost `[` not closed before the cursor, when a name stands right before it: the tensor indexed there and
 * which dimension the cursor is in (commas at that level before it).
 */
function openIndex(before: string): { tensor: string; dim: number } | undefined {
  let depth = 0;
  let commas = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const ch = before[i];
    if (ch === ']' || ch === ')') depth++;
    else if (ch === '(' && depth > 0) depth--;
    else if (ch === '(') return undefined;
    else if (ch === '[' && depth > 0) depth--;
    else if (ch === '[') {
      const name = /([A-Za-z_][\w]*(?:::[A-Za-z_]\w*)?)\s*$/.exec(before.slice(0, i));
      return name ? { tensor: name[1], dim: commas } : undefined;
    } else if (ch === ',' && depth === 0) commas++;
  }
  return undefined;
}
