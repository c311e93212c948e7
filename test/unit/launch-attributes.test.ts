/** package.json's launch attributes and the adapter's are one list: every attribute is documented, read and validated. */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LAUNCH_ATTRIBUTES, LaunchError, validateLaunch } from '../../adapter/launch-config';
import { INITIAL_CONFIGURATIONS } from '../../extension/initial-configurations';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
const debuggerContribution = pkg.contributes.debuggers.find((d: { type: string }) => d.type === 'bir');
const contributed: Record<string, { type: string; enum?: string[]; default?: unknown; description?: string }> = debuggerContribution.configurationAttributes.launch.properties;
const program = path.join(__dirname, '..', '..', 'examples', 'softmax.bir');

describe('launch attributes', () => {
  it('package.json contributes exactly the attributes the adapter reads', () => {
    assert.deepStrictEqual(Object.keys(contributed).sort(), Object.keys(LAUNCH_ATTRIBUTES).sort());
  });

  it('types, enums and defaults agree', () => {
    for (const [name, spec] of Object.entries(LAUNCH_ATTRIBUTES)) {
      const c = contributed[name];
      assert.strictEqual(c.type, spec.type, `type of ${name}`);
      assert.deepStrictEqual(c.enum, spec.enum ? [...spec.enum] : undefined, `enum of ${name}`);
      assert.deepStrictEqual(c.default, spec.default, `default of ${name}`);
      assert.ok(c.description && c.description.length > 10, `${name} is described`);
    }
  });

  it('the adapter reads every attribute: a wrong value of each fails the launch naming it', () => {
    const wrong: Record<string, unknown> = {
      program: 42, cores: 'two', passes: 7, stopOnEntry: 'yes', stepBy: 'word', frames: 'threads', inputs: ['x'], outDir: 3,
      stopOnPassEntry: 1, passBreakpoints: [-1], maxCallDepth: 0, maxInstructions: 0, historyMiB: -1, trace: 'on', dumpOnFault: 3, stats: 'yes', shadow: 'on', compareWith: 'b.bir', bisect: true, dump: 7, cwd: 5,
    };
    assert.deepStrictEqual(Object.keys(wrong).sort(), Object.keys(LAUNCH_ATTRIBUTES).sort(), 'every attribute has a wrong value here');
    for (const [name, value] of Object.entries(wrong)) {
      assert.throws(() => validateLaunch({ program, [name]: value }), (e: unknown) => e instanceof LaunchError && e.message.includes(`'${name}'`), `a wrong ${name}`);
    }
  });

  it('an unknown attribute is a warning, not an error', () => {
    const r = validateLaunch({ program, colour: 'blue', type: 'bir', request: 'launch', name: 'x', __sessionId: 'a' });
    assert.strictEqual(r.warnings.length, 1);
    assert.match(r.warnings[0], /'colour' is not known/);
  });

  it('"create a launch.json file" writes one configuration of each kind, each different', () => {
    // VS Code writes package.json's initialConfigurations and then the provider's: one source only.
    assert.strictEqual(debuggerContribution.initialConfigurations, undefined);
    const names = INITIAL_CONFIGURATIONS.map((c) => c.name);
    assert.strictEqual(new Set(names).size, names.length, names.join(', '));
    const bodies = INITIAL_CONFIGURATIONS.map(({ name: _, ...rest }) => JSON.stringify(rest));
    assert.strictEqual(new Set(bodies).size, bodies.length, 'no two do the same');
    assert.ok(INITIAL_CONFIGURATIONS.some((c) => c.noDebug === true), 'a run');
    assert.ok(INITIAL_CONFIGURATIONS.some((c) => Array.isArray(c.passes)), 'with passes');
    assert.ok(INITIAL_CONFIGURATIONS.some((c) => c.cores === 2), 'two cores');
  });

  it('the initial configurations and every snippet are valid launches', () => {
    const configs = [...INITIAL_CONFIGURATIONS, ...debuggerContribution.configurationSnippets.map((s: { body: unknown }) => s.body)];
    // Snippet bodies hold VS Code's substitutions: ^"\${file}" for the file, ${1:text} for placeholders.
    const resolve = (v: unknown): unknown => {
      if (typeof v === 'string') return v.replace(/^\^"\\\$\{file\}"$|^\$\{file\}$/, program).replace(/\$\{\d+:([^}]*)\}/g, '$1');
      if (Array.isArray(v)) return v.map(resolve);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [resolve(k) as string, resolve(x)]));
      return v;
    };
    for (const c of configs) {
      const resolved = resolve(c) as Record<string, unknown>;
      // A dump's configuration names the dump and no program (its program is in the dump).
      if ('dump' in resolved) {
        assert.strictEqual(resolved.program, undefined, JSON.stringify(c));
        assert.match(String(resolved.dump), /^\^"\\\$\{workspaceFolder\}\/crash\.birdump"$/, JSON.stringify(c));
        continue;
      }
      assert.strictEqual(resolved.program, program, JSON.stringify(c));
      assert.doesNotThrow(() => validateLaunch(resolved), JSON.stringify(c));
    }
  });
});
