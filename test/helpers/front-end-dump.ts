/**
 * The front end's output as text, every field of it: tokens, syntax trees, diagnostics and the checked program.
 * Two front ends that print the same text for a program built the same program and said the same things about it.
 *
 * Values print as trees, fields in their order. Fields that point at an entity held elsewhere in the program (a node's
 * function and region, a region's owner, an access pattern's tensor, a call's callee) print as that entity's label,
 * marked `!` when the object is not the one the program holds at that entity's home (for a node, made on demand:
 * when the program's code holds another id at its index).
 */
import { Diagnostic } from '../../engine/lang/diagnostics';
import { Token } from '../../engine/lang/lexer';
import { FunctionIR, Node, Program, Region, TensorDecl } from '../../engine/ir/program';
import { forEachNode } from '../../engine/ir/numbering';
import { ArrayNodes, CodeNodes, NodeList } from '../../engine/ir/node-list';
import { allNodes } from '../../engine/passes/pass';

type Labeller = (value: object) => string;

/** A region's nodes print as the array of its nodes, whether they are kept as indices or as objects. */
function isNodeList(value: object): value is NodeList {
  return value instanceof CodeNodes || value instanceof ArrayNodes;
}

const REFERENCE_FIELDS = new Set(['fn', 'region', 'owner', 'parent', 'callee', 'tensor', 'main']);

function number(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}

/** A value as indented text; `reference` labels the fields that point at entities. */
export function dumpValue(value: unknown, reference?: Labeller, indent = ''): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return `<${typeof value}>`;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${dumpValue(v, reference, inner)}`).join('\n')}\n${indent}]`;
  }
  if (isNodeList(value)) return dumpValue(value.toArray(), reference, indent);
  if (value instanceof Map) {
    if (value.size === 0) return 'Map{}';
    return `Map{\n${[...value].map(([k, v]) => `${inner}${dumpValue(k, reference, inner)} => ${dumpValue(v, reference, inner)}`).join('\n')}\n${indent}}`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  const fields = keys.map((k) => {
    const v = (value as Record<string, unknown>)[k];
    const shown = reference && REFERENCE_FIELDS.has(k) && v && typeof v === 'object' ? reference(v) : dumpValue(v, reference, inner);
    return `${inner}${k}: ${shown}`;
  });
  return `{\n${fields.join('\n')}\n${indent}}`;
}

export function dumpDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endLine}:${d.span.endCol}: ${d.severity}: ${d.message}`).join('\n');
}

export function dumpTokens(tokens: readonly Token[]): string {
  return tokens.map((t) => `${t.kind} ${JSON.stringify(t.text)} ${number(t.value)} ${t.span.line}:${t.span.col}-${t.span.endLine}:${t.span.endCol}`).join('\n');
}

/** Every entity of a program at its home, with its label. */
function homes(program: Program): Map<object, string> {
  const labels = new Map<object, string>();
  const region = (r: Region): void => void labels.set(r, `region ${r.fn.fullName} ${r.kind} ending ${r.end.line}:${r.end.col}`);
  const tensor = (t: TensorDecl): void => void labels.set(t, `${t.kind} ${'module' in t ? `${t.module}::` : ''}${t.name} slot ${t.slot}`);
  for (const d of program.drams) tensor(d);
  for (const fn of program.functions.values()) {
    labels.set(fn, `function ${fn.fullName}`);
    for (const p of fn.params) if (p.kind === 'param') tensor(p);
    for (const a of fn.allocs) tensor(a);
    region(fn.body);
    forEachNode(fn.body, (n: Node) => {
      if (n.kind === 'for') region(n.body);
      if (n.kind === 'if') {
        region(n.then);
        if (n.else) region(n.else);
      }
    });
  }
  return labels;
}

/** The checked program, every field; sources by name and length (their text is the input). */
export function dumpProgram(program: Program): string {
  const labels = homes(program);
  // Nodes are made objects on demand (two objects of one node may exist): a node is at home when the program's code
  // holds its id at its index.
  const nodeLabel = (n: Node): string => (program.code.has(n.index) && program.code.idOf(n.index) === n.id ? `node ${n.index} ${n.id}` : `! node ${n.id}`);
  const isNode = (v: object): v is Node => 'kind' in v && 'index' in v && 'id' in v;
  const reference: Labeller = (v) => labels.get(v) ?? (isNode(v) ? nodeLabel(v) : undefined) ?? `! ${'fullName' in v ? `function ${(v as FunctionIR).fullName}` : 'name' in v ? `tensor ${(v as TensorDecl).name}` : 'id' in v ? `node ${(v as Node).id}` : 'an object the program does not hold'}`;
  const order = allNodes(program).map((n, i) => (n.index === i ? '' : `node at ${i} has index ${n.index}`)).filter(Boolean);
  const rest = {
    entry: program.entry,
    modules: program.modules,
    drams: program.drams,
    constants: program.constants,
    main: program.main,
    sources: new Map([...program.sources].map(([file, text]) => [file, text.length])),
    nodes: allNodes(program).map(nodeLabel),
    order,
    functions: program.functions,
  };
  return dumpValue(rest, reference);
}
