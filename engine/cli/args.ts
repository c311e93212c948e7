/** Command-line arguments of bir-sim: `command FILE --flag value --flag=value`, with clear errors. */

export class UsageError extends Error {}

export interface ParsedArgs {
  readonly command: string;
  readonly positional: string[];
  /** Repeatable flags collect every value in order. */
  readonly flags: Map<string, string[]>;
}

export function parseArgs(argv: readonly string[], known: Record<string, 'value' | 'switch'>): ParsedArgs {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const kind = known[name];
    if (!kind) throw new UsageError(`unknown option '--${name}' (options of '${command}': ${Object.keys(known).map((k) => `--${k}`).join(', ') || 'none'})`);
    let value = 'true';
    if (kind === 'value') {
      if (eq >= 0) value = arg.slice(eq + 1);
      else if (i + 1 < rest.length) value = rest[++i];
      else throw new UsageError(`option '--${name}' needs a value`);
    } else if (eq >= 0) {
      throw new UsageError(`option '--${name}' takes no value`);
    }
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { command: command ?? '', positional, flags };
}
