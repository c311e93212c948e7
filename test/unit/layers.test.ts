/**
 * The architecture check: engine/ knows neither VS Code nor DAP; adapter/ never imports vscode; extension/
 * holds no debugging logic (it reaches the engine only through the adapter and the language front end);
 * webview/ is browser code that imports none of the others. contract/ is shared as types, and as the little code
 * where layers must agree (SHARED_CODE). Inside engine/, the folders are layers in the order
 * docs/architecture.md writes: a folder never imports one after it.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(abs, f));
}

interface Import {
  readonly spec: string;
  /** `import type` / `export type`: erased when compiled, nothing of the module runs. */
  readonly typeOnly: boolean;
}

/** Every module a file imports or requires. */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: Import[] = [];
  for (const m of text.matchAll(/(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    out.push({ spec: m[2] ?? m[3] ?? m[4], typeOnly: m[1] !== undefined });
  }
  return out;
}

/** The folder (under the root) a relative import of `file` lands in. */
function targetLayer(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
}

function violations(dir: string, forbidden: (spec: string, layer: string | undefined, target: string, typeOnly: boolean) => boolean): string[] {
  const out: string[] = [];
  for (const file of sources(dir)) {
    for (const { spec, typeOnly } of importsOf(file)) {
      const target = spec.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), spec)) : spec;
      if (forbidden(spec, targetLayer(file, spec), target, typeOnly)) out.push(`${path.relative(ROOT, file)} imports '${spec}'`);
    }
  }
  return out;
}

/**
 * The modules of contract/ whose code every layer runs: plain functions that import only contract types, declared once
 * where two layers must agree (the node matcher of the engine's find and of the graph view's search box).
 */
const SHARED_CODE = new Set([path.join('contract', 'node-match'), path.join('contract', 'compare-metrics'), path.join('contract', 'time-format')]);

/**
 * contract/ is shared by every layer as types, and by its shared code: nothing else of it (the schemas) runs in the
 * engine, the extension or the webview.
 */
const contractTypes = (layer: string | undefined, typeOnly: boolean, target = ''): boolean => layer === 'contract' && (typeOnly || SHARED_CODE.has(target));

/** The engine's layers, lowest first, as docs/architecture.md writes them. */
function engineLayers(): string[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const line = /\*\*Layers, lowest first:\*\*(.*)/.exec(doc);
  if (!line) throw new Error('docs/architecture.md has no line "**Layers, lowest first:** ..."');
  return [...line[1].matchAll(/`([a-z]+)`/g)].map((m) => m[1]);
}

/** Which files of a folder each file imports (type-only imports too: a circle of types still ties the files together). */
function folderImports(dir: string): Map<string, string[]> {
  const files = fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.ts'));
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const targets = importsOf(path.join(ROOT, dir, f)).map((i) => i.spec).filter((spec) => spec.startsWith('./')).map((spec) => `${path.basename(spec)}.ts`);
    graph.set(f, targets.filter((t) => files.includes(t)));
  }
  return graph;
}

/** The circles of an import graph: each strongly connected set of more than one file (Tarjan), files sorted. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(members.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('layers', () => {
  it('finds the imports it checks (the scanner works)', () => {
    assert.ok(importsOf(path.join(ROOT, 'engine/run/interpreter.ts')).some((i) => i.spec === '../machine/machine' && !i.typeOnly));
    assert.ok(importsOf(path.join(ROOT, 'engine/protocol/requests.ts')).some((i) => i.spec === '../../contract/requests' && i.typeOnly));
  });

  it('engine/ imports neither vscode nor DAP, nor the adapter or the extension', () => {
    const bad = violations('engine', (spec, layer, target, typeOnly) => spec === 'vscode' || spec.startsWith('@vscode/debug') || (layer !== undefined && layer !== 'engine' && !contractTypes(layer, typeOnly, target)));
    assert.deepStrictEqual(bad, []);
  });

  it('the engine\'s folders import only the folders below them (docs/architecture.md)', () => {
    const order = engineLayers();
    const folders = fs.readdirSync(path.join(ROOT, 'engine'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    assert.deepStrictEqual(folders.filter((f) => !order.includes(f)), [], 'every engine folder has its place in the order');
    const bad: string[] = [];
    for (const folder of order) {
      const rank = order.indexOf(folder);
      bad.push(...violations(path.join('engine', folder), (spec, layer, target) => {
        if (!spec.startsWith('.') || layer !== 'engine') return false;
        const targetFolder = target.split(path.sep)[1];
        return order.indexOf(targetFolder) > rank;
      }));
    }
    assert.deepStrictEqual(bad, []);
  });

  it('the layer check sees an upward import (it can fail)', () => {
    const order = engineLayers();
    assert.ok(order.indexOf('ir') < order.indexOf('lang') && order.indexOf('debug') < order.indexOf('host'));
    const found = violations(path.join('engine', 'host'), (spec) => spec === '../debug/debug-core');
    assert.ok(found.length > 0, 'host imports the debug core, an import the scanner must see');
  });

  it('perf/ comes after debug/ (it records with the access plans of data breakpoints) and before host/ (which serves the timeline)', () => {
    const order = engineLayers();
    assert.ok(order.indexOf('debug') < order.indexOf('perf') && order.indexOf('perf') < order.indexOf('host'), order.join(' → '));
  });

  it('no engine folder has an import circle among its files', () => {
    const dirs = new Set(engineLayers().flatMap((folder) => [path.join('engine', folder), ...sources(path.join('engine', folder)).map((f) => path.relative(ROOT, path.dirname(f)))]));
    const found = [...dirs].flatMap((dir) => circles(folderImports(dir)).map((c) => `${dir}: ${c.join(', ')}`));
    assert.deepStrictEqual(found, []);
  });

  it('the circle check sees a circle (it can fail)', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    assert.deepStrictEqual(circles(graph), [['a.ts', 'b.ts', 'c.ts']]);
    assert.deepStrictEqual(circles(new Map([['a.ts', ['b.ts']], ['b.ts', []]])), []);
  });

  it('adapter/ never imports vscode or the extension', () => {
    const bad = violations('adapter', (spec, layer) => spec === 'vscode' || layer === 'extension' || layer === 'webview');
    assert.deepStrictEqual(bad, []);
  });

  it('extension/ reaches the engine only through the adapter, the language front end, the machine\'s limits and the agent tools', () => {
    const allowed = [path.join('engine', 'lang'), path.join('engine', 'host'), path.join('engine', 'machine', 'limits'), path.join('engine', 'agent')];
    const bad = violations('extension', (_spec, layer, target, typeOnly) => (layer === 'engine' && !allowed.some((a) => target.startsWith(a)))
      || (layer === 'contract' && !contractTypes(layer, typeOnly, target)));
    assert.deepStrictEqual(bad, []);
  });

  it('language/ (the language server) imports the engine and the protocol\'s libraries, never vscode, DAP, the adapter or the extension', () => {
    const bad = violations('language', (spec, layer, target, typeOnly) => spec === 'vscode' || spec.startsWith('@vscode/debug')
      || (layer !== undefined && layer !== 'language' && layer !== 'engine' && !contractTypes(layer, typeOnly, target)));
    assert.deepStrictEqual(bad, []);
  });

  it('webview/ is self-contained browser code', () => {
    const bad = violations('webview', (spec, layer, target, typeOnly) => spec === 'vscode' || (layer !== undefined && layer !== 'webview' && !contractTypes(layer, typeOnly, target)));
    assert.deepStrictEqual(bad, []);
  });

  it('contract/ imports only itself and zod (the schemas of the custom requests)', () => {
    const bad = violations('contract', (spec, layer) => (layer !== undefined && layer !== 'contract') || (!spec.startsWith('.') && spec !== 'zod'));
    assert.deepStrictEqual(bad, []);
  });

  it('contract/\'s shared code imports only types (nothing of the schemas runs with it)', () => {
    const bad: string[] = [];
    for (const module of SHARED_CODE) {
      for (const { spec, typeOnly } of importsOf(path.join(ROOT, `${module}.ts`))) if (!typeOnly) bad.push(`${module}.ts imports '${spec}'`);
    }
    assert.deepStrictEqual(bad, []);
  });

  it('docs/architecture.md names every source file of the layers', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const unnamed = ['engine', 'adapter', 'extension', 'language', 'webview', 'contract'].flatMap(sources).map((f) => path.relative(ROOT, f)).filter((f) => !doc.includes(path.basename(f)));
    assert.deepStrictEqual(unnamed, []);
  });

  it('the graph\'s types are declared once, in contract/graph.ts', () => {
    const declared: string[] = [];
    for (const dir of ['engine', 'adapter', 'extension', 'webview', 'contract']) {
      for (const file of sources(dir)) {
        if (/^export (?:interface|type) (?:GraphNode|GraphEdge|GraphRegion|FunctionGraph|PassChanges|Span)\b/m.test(fs.readFileSync(file, 'utf8'))) declared.push(path.relative(ROOT, file));
      }
    }
    assert.deepStrictEqual(declared.sort(), ['contract/graph.ts', 'contract/span.ts']);
  });
});
