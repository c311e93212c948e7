/**
 * The adapter's schemas of DAP's own requests (adapter/arguments.ts) against the official DAP JSON schema: every
 * property DAP defines is there with the same type, required where DAP requires it, and nothing DAP does not define.
 * The schemas check what clients send, so a field missed here would let a wrong type through to the engine.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { z } from 'zod';
import { checkArguments, DAP_ARGUMENTS } from '../../adapter/arguments';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  $ref?: string;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

const DAP = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'dap', 'schema', 'debugAdapterProtocol.json'), 'utf8')) as { definitions: Record<string, JsonSchema> };

/** A definition with its `$ref`s and `allOf`s resolved into one object schema. */
function resolve(s: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  if (s.$ref) return resolve(defs[s.$ref.split('/').pop()!], defs);
  if (s.allOf) {
    const parts = s.allOf.map((p) => resolve(p, defs));
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})), required: parts.flatMap((p) => p.required ?? []) };
  }
  return s;
}

/** What a value of the schema may be: `integer`, `string`, `enum:a|b`, `array`, `object`, `any`. */
function kind(s: JsonSchema): string {
  if (s.enum) return `enum:${[...s.enum].sort().join('|')}`;
  if (s.oneOf || s.anyOf) return 'object';
  if (Array.isArray(s.type) || (!s.type && !s.properties && !s.items)) return 'any';
  return s.type ?? (s.properties ? 'object' : 'any');
}

/** Differences between DAP's schema and ours, with the path where they are. */
function compare(dap: JsonSchema, ours: JsonSchema, where: string, dapDefs: Record<string, JsonSchema>, ourDefs: Record<string, JsonSchema>, seen: Set<string>): string[] {
  // A recursive definition (a Source's sources) is compared once.
  if (dap.$ref && seen.has(dap.$ref)) return [];
  if (dap.$ref) seen = new Set([...seen, dap.$ref]);
  const d = resolve(dap, dapDefs);
  const o = resolve(ours, ourDefs);
  const dk = kind(d);
  const ok = kind(o);
  if (dk !== ok) return [`${where}: DAP says ${dk}, ours ${ok}`];
  if (dk === 'array') return compare(d.items ?? {}, o.items ?? {}, `${where}[]`, dapDefs, ourDefs, seen);
  if (dk !== 'object' || d.oneOf) return [];
  const out: string[] = [];
  const dp = d.properties ?? {};
  const op = o.properties ?? {};
  for (const name of Object.keys(dp)) {
    if (!(name in op)) out.push(`${where}.${name}: missing`);
    else out.push(...compare(dp[name], op[name], `${where}.${name}`, dapDefs, ourDefs, seen));
  }
  for (const name of Object.keys(op)) if (!(name in dp)) out.push(`${where}.${name}: not in DAP`);
  const dr = [...(d.required ?? [])].sort();
  const or = [...(o.required ?? [])].sort();
  if (JSON.stringify(dr) !== JSON.stringify(or)) out.push(`${where}: DAP requires [${dr}], ours [${or}]`);
  return out;
}

describe('the adapter\'s argument schemas of DAP requests', () => {
  for (const [command, schema] of Object.entries(DAP_ARGUMENTS)) {
    const definition = `${command.charAt(0).toUpperCase()}${command.slice(1)}Arguments`;
    it(`${command}: the properties and types of ${definition}`, () => {
      const dap = command === 'initialize' ? DAP.definitions.InitializeRequestArguments
        : command === 'launch' ? DAP.definitions.LaunchRequestArguments
          : command === 'attach' ? DAP.definitions.AttachRequestArguments
            : command === 'threads' ? { type: 'object', properties: {} } : DAP.definitions[definition];
      assert.ok(dap, `DAP defines ${definition}`);
      const ours = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema & { $defs?: Record<string, JsonSchema>; definitions?: Record<string, JsonSchema> };
      assert.deepStrictEqual(compare(dap, ours, command, DAP.definitions, ours.$defs ?? ours.definitions ?? {}, new Set()), []);
    });
  }

  it('the comparison sees a wrong type (it can fail)', () => {
    const wrong = z.looseObject({ threadId: z.string() });
    const ours = z.toJSONSchema(wrong) as JsonSchema;
    assert.deepStrictEqual(compare(DAP.definitions.PauseArguments, ours, 'pause', DAP.definitions, {}, new Set()), ['pause.threadId: DAP says integer, ours string']);
  });

  it('a value of the right type passes; numbers in string fields and strings in number fields do not', () => {
    assert.ok(checkArguments('setBreakpoints', { source: { path: '/p.bir' }, breakpoints: [{ line: 3, column: 2, condition: 'r0 > 1', hitCondition: '>= 2', logMessage: '{r0}' }] }).ok);
    for (const bad of [{ condition: 1 }, { hitCondition: 2 }, { logMessage: 3 }, { column: 'a' }, { line: 1.5 }]) {
      const r = checkArguments('setBreakpoints', { source: { path: '/p.bir' }, breakpoints: [{ line: 3, ...bad }] });
      assert.ok(!r.ok, JSON.stringify(bad));
      assert.match(r.message, new RegExp(`breakpoints\\[0\\]\\.${Object.keys(bad)[0]}|integer line`));
    }
  });
});
