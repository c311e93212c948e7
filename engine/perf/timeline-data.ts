/**
 * A schedule as the timeline view takes it (contract/timeline.ts): the instructions as columns of typed arrays in
 * base64 (a million instructions are a few arrays, never a million objects), the source places they ran from each
 * once, the lanes, the critical path, the engines' busy time, and the difference from a previous schedule.
 */
import { Engine, InstrNode, Program } from '../ir/program';
import { ENGINE_WORDS } from '../ir/opcodes';
import { allowedEngines } from '../lang/check/engine-choice';
import type { Column, TimelineData, TimelineDifference, TimelinePathLines } from '../../contract/timeline';
import { criticalPath } from './critical-path';
import { laneName, Schedule, WAIT_NAMES } from './scheduler';
import { ProfileSummary } from './summary';
import { ScheduleDifference } from './what-if';

/** The engines an instruction may be moved to, by bit of `sites.engines`. */
const ENGINE_CHOICES: readonly Engine[] = ['PE', 'ACT', 'DVE', 'POOL'];

export function column(a: Float64Array | Int32Array | Uint8Array): Column {
  const type = a instanceof Float64Array ? 'f64' : a instanceof Int32Array ? 'i32' : 'u8';
  return { type, base64: Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64') };
}

/** The timeline of a schedule; `summary` is summarize(s, program)'s. */
export function timelineData(s: Schedule, program: Program, summary: ProfileSummary, which: TimelineData['program'], fault?: string): TimelineData {
  const st = s.stream;
  const sites = siteTable(program, st.node);
  const lanes = Array.from({ length: s.cores * s.lanesPerCore }, (_, lane) => laneName(s, lane));
  return {
    machine: s.profile.name, program: which, total: s.total, instructions: st.count, cores: s.cores, lanesPerCore: s.lanesPerCore, dmaQueues: s.profile.dmaQueues, lanes,
    clocks: { PE: s.profile.tensorGHz, ACT: s.profile.scalarGHz, DVE: s.profile.vectorGHz, POOL: s.profile.gpsimdGHz, SP: s.profile.syncGHz },
    files: sites.files, opcodes: sites.opcodes, engineChoices: ENGINE_CHOICES.map((engine) => ({ engine, attribute: ENGINE_WORDS[engine]! })), waitNames: [...WAIT_NAMES],
    columns: {
      start: column(s.start), end: column(s.end), lane: column(s.lane), queues: column(s.queues), site: column(sites.site), tick: column(st.tick),
      waitedOn: column(s.waitedOn), waitKind: column(s.waitKind),
      hazardStart: column(s.hazardStart), hazardFrom: column(s.hazardFrom), hazardKind: column(s.hazardKind), hazardWait: column(s.hazardWait),
    },
    sites: { file: column(sites.file), line: column(sites.line), col: column(sites.col), opcode: column(sites.opcode), engines: column(sites.engines) },
    criticalPath: column(criticalPath(s)),
    engines: summary.engines.map((e) => ({ core: e.core, engine: e.engine, instructions: e.instructions, busy: e.busy, utilisation: e.utilisation })),
    warnings: summary.warnings,
    psumConflicts: summary.psumConflicts.map((c) => ({
      kind: c.kind, core: c.core, bank: c.bank, instruction: c.instruction, other: c.other, line: c.line, otherLine: c.otherLine, count: c.count, message: c.message,
    })),
    ...(fault !== undefined ? { fault } : {}),
  };
}

/** Each node that ran once: its file, line, column and opcode; and per instruction, its node's row. */
function siteTable(program: Program, nodes: Int32Array) {
  const code = program.code;
  const rowOf = new Map<number, number>();
  const site = new Int32Array(nodes.length);
  const file: number[] = [];
  const line: number[] = [];
  const col: number[] = [];
  const opcode: number[] = [];
  const engines: number[] = [];
  const files: string[] = [];
  const opcodes: string[] = [];
  const index = (list: string[], x: string): number => {
    const k = list.indexOf(x);
    return k >= 0 ? k : list.push(x) - 1;
  };
  for (let i = 0; i < nodes.length; i++) {
    let row = rowOf.get(nodes[i]);
    if (row === undefined) {
      const n = code.node(nodes[i]);
      row = file.length;
      rowOf.set(nodes[i], row);
      file.push(index(files, n.span.file));
      line.push(n.span.line);
      col.push(n.span.col);
      opcode.push(index(opcodes, n.kind === 'instr' ? n.opcode : n.kind));
      engines.push(n.kind === 'instr' ? engineBits(n) : 0);
    }
    site[i] = row;
  }
  return { site, files, opcodes, file: Int32Array.from(file), line: Int32Array.from(line), col: Int32Array.from(col), opcode: Int32Array.from(opcode), engines: Uint8Array.from(engines) };
}

/** The engines an instruction may run on as bits of ENGINE_CHOICES; 0 when it has one. */
function engineBits(n: InstrNode): number {
  const allowed = allowedEngines(n);
  if (allowed.length < 2) return 0;
  return ENGINE_CHOICES.reduce((bits, e, k) => (allowed.includes(e) ? bits | (1 << k) : bits), 0);
}

/** A what-if difference as the view shows it: the paths as lines. */
export function timelineDifference(d: ScheduleDifference, against: string): TimelineDifference {
  const path = (side: ScheduleDifference['before']): TimelinePathLines & { machine: string } => ({
    machine: side.machine, total: side.total, instructions: side.criticalPath.length, lines: side.criticalPath.map((p) => p.line),
  });
  return {
    against, before: path(d.before), after: path(d.after), delta: d.delta, ratio: d.ratio,
    engines: d.engines.map((e) => ({ core: e.core, engine: e.engine, before: e.before, after: e.after, delta: e.delta })),
  };
}
