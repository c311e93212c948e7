/**
 * A schedule in the Chrome trace event format (what Perfetto and chrome://tracing open): one process per core, one
 * thread per lane (each engine, each DMA queue), each instruction a complete event (`ph: 'X'`) with `ts` and `dur` in
 * microseconds, its source line and what it waited for in `args`; instructions of the critical path say so.
 */
import { Program } from '../ir/program';
import { criticalPath } from './critical-path';
import { laneName, queueLane, Schedule, WAIT_NAMES } from './scheduler';
import { KIND_BARRIER } from './stream';

interface TraceEvent {
  readonly name: string;
  readonly ph: 'X' | 'M';
  readonly pid: number;
  readonly tid: number;
  readonly ts?: number;
  readonly dur?: number;
  readonly cat?: string;
  readonly args: Record<string, string | number | boolean>;
}

export function traceEvents(s: Schedule, program: Program): TraceEvent[] {
  const st = s.stream;
  const onPath = new Uint8Array(st.count);
  for (const i of criticalPath(s)) onPath[i] = 1;
  const used = new Set<number>();
  const events: TraceEvent[] = [];
  const code = program.code;
  for (let i = 0; i < st.count; i++) {
    const node = st.node[i];
    const n = code.node(node);
    const name = st.kind[i] === KIND_BARRIER ? 'Barrier' : n.kind === 'instr' ? n.opcode : n.kind;
    const args: Record<string, string | number | boolean> = { file: code.fileAt(node), line: code.lineOf(node), instruction: i, waited: WAIT_NAMES[s.waitKind[i]] };
    if (onPath[i]) args.critical = true;
    for (let q = 0; q < s.queues[i] || q === 0; q++) {
      const lane = queueLane(s.lanesPerCore, s.profile.dmaQueues, s.lane[i], q);
      used.add(lane);
      const core = Math.floor(lane / s.lanesPerCore);
      events.push({ name, cat: onPath[i] ? 'critical' : 'instruction', ph: 'X', pid: core, tid: lane % s.lanesPerCore, ts: s.start[i] / 1000, dur: (s.end[i] - s.start[i]) / 1000, args });
    }
  }
  const meta: TraceEvent[] = [];
  for (const lane of [...used].sort((a, b) => a - b)) {
    const core = Math.floor(lane / s.lanesPerCore);
    meta.push({ name: 'thread_name', ph: 'M', pid: core, tid: lane % s.lanesPerCore, args: { name: laneName({ ...s, cores: 1 }, lane % s.lanesPerCore) } });
    meta.push({ name: 'thread_sort_index', ph: 'M', pid: core, tid: lane % s.lanesPerCore, args: { sort_index: lane % s.lanesPerCore } });
  }
  for (let c = 0; c < s.cores; c++) meta.push({ name: 'process_name', ph: 'M', pid: c, tid: 0, args: { name: `core ${c}` } });
  return [...meta, ...events];
}

/** The trace as the JSON text a viewer opens. */
export function traceJson(s: Schedule, program: Program): string {
  const events = traceEvents(s, program);
  // One event per line: a trace of a million instructions stays a string V8 can build.
  const lines = events.map((e) => JSON.stringify(e));
  return `{"displayTimeUnit":"ns","otherData":{"machine":${JSON.stringify(s.profile.name)},"model":"first-order, not cycle-accurate"},"traceEvents":[\n${lines.join(',\n')}\n]}\n`;
}

