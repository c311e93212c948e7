/**
 * The timeline view benchmark's data (bench/timeline-view.bench.mjs): the `bir/timeline` answer of about a million
 * instructions as the engine makes it. The pipelined kernel (bench/pipelined-kernel.ts) is recorded for a tenth of
 * them and that stream played ten times over (the same instructions and regions, the counts going on), so that the
 * scheduler, the summary and the answer's columns are the engine's own without a minute of recording; then the answer
 * as the panel host hands it to the page: its columns decoded from base64 into buffers.
 */
import { performance } from 'perf_hooks';
import { recordRun } from '../engine/perf/record';
import { schedule } from '../engine/perf/scheduler';
import { ExecutedStream, StreamBuilder } from '../engine/perf/stream';
import { summarize } from '../engine/perf/summary';
import { timelineData } from '../engine/perf/timeline-data';
import { PROFILES } from '../engine/perf/profile';
import { columnsOf } from '../webview/timeline/messages';
import { virtualProgram } from './harness';
import { pipelinedKernel } from './pipelined-kernel';

const REPEATS = 10;

/** The stream played `times` over, one copy after the other. */
function repeated(stream: ExecutedStream, times: number): ExecutedStream {
  const b = new StreamBuilder();
  for (const base of stream.bases) b.addBase(base.name, base.rank, base.registers);
  const ticks = stream.count ? stream.tick[stream.count - 1] + 1 : 0;
  for (let k = 0; k < times; k++) {
    for (let i = 0; i < stream.count; i++) {
      b.begin({
        node: stream.node[i], tick: stream.tick[i] + k * ticks, core: stream.core[i], engine: stream.engine[i], kind: stream.kind[i], free: stream.free[i],
        inputs: stream.inputs[i], work: stream.work[i], slow: stream.slow[i] === 1, rowStart: stream.rowStart[i], rowCount: stream.rowCount[i],
      });
      for (let a = stream.accessStart[i]; a < stream.accessStart[i + 1]; a++) {
        const base = stream.accessBase[a];
        const at = stream.accessBox[a];
        b.access(base, stream.accessWrites[a] === 1, stream.boxes.subarray(at, at + 3 * stream.bases[base].rank));
      }
    }
  }
  return b.finish();
}

export interface TimelineAnswer {
  readonly header: Record<string, unknown>;
  /** The columns by the page's names, in base64 (the page decodes them as the host does). */
  readonly columns: Record<string, string>;
  readonly instructions: number;
  /** ms: the engine's answer made (columns to base64), its JSON's size in MB, the host's decoding into buffers. */
  readonly encodeMs: number;
  readonly jsonMB: number;
  readonly hostDecodeMs: number;
  readonly scheduleMs: number;
}

export function timelineAnswer(instructions: number): TimelineAnswer {
  const program = virtualProgram(pipelinedKernel(Math.ceil(instructions / 8 / REPEATS)));
  const recording = recordRun(program);
  if (recording.outcome.kind !== 'exited') throw new Error(`the benchmark's program did not end normally: ${recording.outcome.kind === 'failed' ? recording.outcome.fault.message : recording.outcome.kind}`);
  const stream = repeated(recording.stream, REPEATS);
  let t = performance.now();
  const s = schedule(stream, PROFILES.get('trn2')!);
  const scheduleMs = performance.now() - t;
  const summary = summarize(s, program);
  t = performance.now();
  const d = timelineData(s, program, summary, 'session');
  const encodeMs = performance.now() - t;
  const json = JSON.stringify(d);
  t = performance.now();
  for (const c of Object.values(columnsOf(d))) Buffer.from(c.base64, 'base64');
  const hostDecodeMs = performance.now() - t;
  const { columns: _c, sites: _s, criticalPath: _p, ...header } = d;
  const columns = Object.fromEntries(Object.entries(columnsOf(d)).map(([k, c]) => [k, c.base64]));
  return { header, columns, instructions: stream.count, encodeMs, jsonMB: json.length / 1e6, hostDecodeMs, scheduleMs };
}
