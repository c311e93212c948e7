/**
 * What a user asks of a schedule: the total time, each engine's busy time and utilisation, the critical path, the
 * instructions that dominate each engine, and warnings (small DMA transfers, engines idle while another is the
 * bottleneck, PSUM bank conflicts). Plain data, for `bir-sim profile` and the timeline view alike.
 */
import { Program } from '../ir/program';
import { formatNs } from '../../contract/time-format';
import { criticalPath } from './critical-path';
import { Schedule, WAIT_NAMES } from './scheduler';
import { COMPUTE_ENGINES, KIND_BARRIER, KIND_DMA } from './stream';
import { PsumConflict, psumConflicts } from './psum-banks';

export interface EngineBusy {
  readonly core: number;
  /** PE, ACT, DVE, POOL, SP, or DMA (its queues together). */
  readonly engine: string;
  readonly instructions: number;
  /** ns the engine ran; for DMA, the mean of its queues. */
  readonly busy: number;
  /** busy / total. */
  readonly utilisation: number;
}

export interface PathStep {
  readonly instruction: number;
  readonly line: number;
  readonly file: string;
  readonly opcode: string;
  readonly start: number;
  readonly end: number;
  /** What it waited for before it: start, engine, RAW, WAR, WAW, barrier. */
  readonly wait: string;
}

export interface Dominant {
  readonly core: number;
  readonly engine: string;
  readonly line: number;
  readonly file: string;
  readonly opcode: string;
  readonly busy: number;
  /** Of the engine's busy time. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly machine: string;
  readonly total: number;
  readonly instructions: number;
  readonly engines: readonly EngineBusy[];
  readonly criticalPath: readonly PathStep[];
  readonly dominant: readonly Dominant[];
  readonly warnings: readonly string[];
  /** Instructions that would wait on a PSUM bank another group or engine holds (psum-banks.ts). */
  readonly psumConflicts: readonly PsumConflict[];
}

const ENGINE_GROUPS = [...COMPUTE_ENGINES, 'DMA'];

export function summarize(s: Schedule, program: Program): ProfileSummary {
  const st = s.stream;
  const groups = ENGINE_GROUPS.length;
  const busy = new Float64Array(s.cores * groups);
  const counts = new Int32Array(s.cores * groups);
  const byNode = new Map<number, number>();
  let smallDma = 0;
  const smallLines = new Set<number>();
  for (let i = 0; i < st.count; i++) {
    if (st.kind[i] === KIND_BARRIER) continue;
    const g = st.core[i] * groups + st.engine[i];
    const d = (s.end[i] - s.start[i]) * s.queues[i];
    busy[g] += d;
    counts[g]++;
    const key = g * program.code.length + st.node[i];
    byNode.set(key, (byNode.get(key) ?? 0) + d);
    if (st.kind[i] === KIND_DMA && st.work[i] / Math.max(1, st.rowCount[i]) < s.profile.dmaSmallBytesPerPartition) {
      smallDma++;
      smallLines.add(program.code.lineOf(st.node[i]));
    }
  }
  const total = s.total;
  const engines: EngineBusy[] = [];
  for (let c = 0; c < s.cores; c++) {
    ENGINE_GROUPS.forEach((engine, e) => {
      const g = c * groups + e;
      if (counts[g] === 0) return;
      const mean = busy[g] / (engine === 'DMA' ? s.profile.dmaQueues : 1);
      engines.push({ core: c, engine, instructions: counts[g], busy: mean, utilisation: total > 0 ? mean / total : 0 });
    });
  }
  const warnings: string[] = [];
  if (smallDma > 0) {
    const lines = [...smallLines].sort((a, b) => a - b).slice(0, 8).join(', ');
    warnings.push(`${smallDma} DMA transfer${smallDma === 1 ? '' : 's'} under ${s.profile.dmaSmallBytesPerPartition} bytes per partition (line${smallLines.size === 1 ? '' : 's'} ${lines}${smallLines.size > 8 ? ', ...' : ''}): each pays the fixed cost at a fraction of the bandwidth; move more per partition`);
  }
  warnings.push(...idleWarnings(engines, s.cores));
  const conflicts = psumConflicts(s, program);
  if (conflicts.length > 0) {
    const lines = [...new Set(conflicts.map((c) => c.line))].slice(0, 8).join(', ');
    warnings.push(`PSUM bank conflicts at line${conflicts.length === 1 ? '' : 's'} ${lines}: instructions that would wait for a bank another accumulation group or engine holds; give each group a bank of its own (bank = N)`);
  }
  return {
    machine: s.profile.name,
    total,
    instructions: st.count,
    engines,
    criticalPath: pathSteps(s, program),
    dominant: dominant(byNode, busy, program, groups),
    warnings,
    psumConflicts: conflicts,
  };
}

function pathSteps(s: Schedule, program: Program): PathStep[] {
  return [...criticalPath(s)].map((i) => {
    const node = s.stream.node[i];
    const n = program.code.node(node);
    return {
      instruction: i, line: program.code.lineOf(node), file: program.code.fileAt(node), opcode: n.kind === 'instr' ? n.opcode : n.kind,
      start: s.start[i], end: s.end[i], wait: WAIT_NAMES[s.waitKind[i]],
    };
  });
}

/** The three instructions (by source line) with most of each engine's time. */
function dominant(byNode: Map<number, number>, busy: Float64Array, program: Program, groups: number): Dominant[] {
  const n = program.code.length;
  const perGroup = new Map<number, { node: number; busy: number }[]>();
  for (const [key, b] of byNode) {
    const g = Math.floor(key / n);
    const list = perGroup.get(g) ?? [];
    list.push({ node: key % n, busy: b });
    perGroup.set(g, list);
  }
  const out: Dominant[] = [];
  for (const [g, list] of [...perGroup].sort((a, b) => a[0] - b[0])) {
    if (busy[g] <= 0) continue;
    list.sort((a, b) => b.busy - a.busy);
    for (const d of list.slice(0, 3)) {
      const node = program.code.node(d.node);
      out.push({
        core: Math.floor(g / groups), engine: ENGINE_GROUPS[g % groups], line: program.code.lineOf(d.node), file: program.code.fileAt(d.node),
        opcode: node.kind === 'instr' ? node.opcode : node.kind, busy: d.busy, share: d.busy / busy[g],
      });
    }
  }
  return out;
}

/** Engines with work that sit mostly idle while the busiest engine of their core is the bottleneck. */
function idleWarnings(engines: readonly EngineBusy[], cores: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < cores; c++) {
    const mine = engines.filter((e) => e.core === c && e.engine !== 'SP');
    const top = mine.reduce<EngineBusy | undefined>((a, e) => (!a || e.utilisation > a.utilisation ? e : a), undefined);
    if (!top || top.utilisation < 0.5) continue;
    for (const e of mine) {
      if (e === top || e.utilisation >= top.utilisation / 4) continue;
      const where = cores > 1 ? ` on core ${c}` : '';
      out.push(`${e.engine}${where} is idle ${percent(1 - e.utilisation)} of the time while ${top.engine} is busy ${percent(top.utilisation)}: ${top.engine} bounds the run`);
    }
  }
  return out;
}

export function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

export { formatNs };
