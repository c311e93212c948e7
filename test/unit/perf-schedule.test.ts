// Schedules known by construction: independent instructions on different engines overlap, a dependency chain
// serialises, a write-after-read waits, loops and calls are the executed stream, two cores run side by side and meet
// at barriers; the critical path runs end to end.
import * as assert from 'node:assert/strict';
import { criticalPath } from '../../engine/perf/critical-path';
import { RAW, WAR } from '../../engine/perf/hazards';
import { WAIT_BARRIER, WAIT_ENGINE } from '../../engine/perf/scheduler';
import { lineOf, onLine, Scheduled, scheduled } from '../helpers/perf-programs';

function only(s: Scheduled, src: string, marker: string): number {
  const found = onLine(s, lineOf(src, marker));
  assert.equal(found.length, 1, `one instruction at '${marker}'`);
  return found[0];
}

describe('perf: schedules known by construction', () => {
  it('independent instructions on different engines overlap', () => {
    const src = `module t
dram a : f32[128, 512] input = random(seed=1)
func main() {
  sbuf x : f32[128, 512]
  sbuf y : f32[128, 512]
  sbuf z : f32[128, 512]
  DmaCopy x <- a     # dma
  Memset y <- 1      # pool
  Iota z <- fstep = 1   # pool2
}
`;
    const s = scheduled(src);
    const dma = only(s, src, '# dma');
    const pool = only(s, src, '# pool');
    const pool2 = only(s, src, '# pool2');
    assert.equal(s.schedule.start[dma], 0);
    assert.equal(s.schedule.start[pool], 0, 'the pool engine does not wait for the DMA');
    assert.equal(s.schedule.start[pool2], s.schedule.end[pool], 'one engine runs its instructions in program order');
    assert.equal(s.schedule.waitKind[pool2], WAIT_ENGINE);
    assert.equal(s.schedule.total, Math.max(s.schedule.end[dma], s.schedule.end[pool2]));
  });

  const chain = `module t
dram a : f32[128, 512] input = random(seed=1)
dram b : f32[128, 512] output
func main() {
  sbuf x : f32[128, 512]
  sbuf y : f32[128, 512]
  DmaCopy x <- a                              # load
  TensorScalar y <- x, op = mul, scalar = 2   # scale
  DmaCopy b <- y                              # store
}
`;

  it('a dependency chain serialises, and the critical path is the chain end to end', () => {
    const s = scheduled(chain);
    const load = only(s, chain, '# load');
    const scale = only(s, chain, '# scale');
    const store = only(s, chain, '# store');
    assert.equal(s.schedule.start[scale], s.schedule.end[load]);
    assert.equal(s.schedule.waitKind[scale], RAW);
    assert.equal(s.schedule.waitedOn[scale], load);
    assert.equal(s.schedule.start[store], s.schedule.end[scale]);
    assert.equal(s.schedule.waitedOn[store], scale);
    assert.deepEqual([...criticalPath(s.schedule)], [load, scale, store]);
    assert.equal(s.schedule.end[store], s.schedule.total);
  });

  it('a write waits for an earlier read of the same elements (WAR), and only for the elements it overlaps', () => {
    const src = `module t
dram a : f32[128, 512] input = random(seed=1)
func main() {
  sbuf x : f32[128, 512]
  sbuf y : f32[128, 512]
  Memset x <- 1                                    # init
  TensorScalar y[0:128, 0:256] <- x[0:128, 0:256], op = mul, scalar = 2   # read
  DmaCopy x[0:128, 0:256] <- a[0:128, 0:256]       # overwrite
  DmaCopy x[0:128, 256:512] <- a[0:128, 256:512]   # other
}
`;
    const s = scheduled(src);
    const read = only(s, src, '# read');
    const overwrite = only(s, src, '# overwrite');
    const other = only(s, src, '# other');
    assert.equal(s.schedule.start[overwrite], s.schedule.end[read]);
    assert.equal(s.schedule.waitKind[overwrite], WAR);
    assert.equal(s.schedule.waitedOn[overwrite], read);
    // The other half was never read: it waits for the Memset (WAW) and for its queues, not for the read.
    assert.ok(s.schedule.start[other] >= s.schedule.end[overwrite], 'the same 16 queues, in order');
    const h = s.schedule;
    const kinds = [];
    for (let k = h.hazardStart[other]; k < h.hazardStart[other + 1]; k++) kinds.push([h.hazardFrom[k], h.hazardKind[k]]);
    assert.ok(!kinds.some(([from]) => from === read), `no hazard with the read: ${JSON.stringify(kinds)}`);
  });

  it('schedules the executed stream: every iteration of a loop and every instruction of a call', () => {
    const src = `module t
dram a : f32[4, 128, 64] input = random(seed=1)
dram out : f32[4, 128, 64] output
func main() {
  sbuf x : f32[128, 64]
  for r0 in 0..4 {
    DmaCopy x <- a[r0]                                # load
    call double(x)
    DmaCopy out[r0] <- x                              # store
  }
}
func double(t: sbuf f32[128, 64]) {
  TensorScalar t <- t, op = mul, scalar = 2           # callee
}
`;
    const s = scheduled(src);
    const loads = onLine(s, lineOf(src, '# load'));
    const callee = onLine(s, lineOf(src, '# callee'));
    const stores = onLine(s, lineOf(src, '# store'));
    assert.equal(loads.length, 4);
    assert.equal(callee.length, 4);
    assert.equal(stores.length, 4);
    for (let k = 0; k < 4; k++) {
      // The callee's parameter is the caller's tile: RAW into the call, RAW out of it.
      assert.equal(s.schedule.waitedOn[callee[k]], loads[k]);
      assert.equal(s.schedule.waitedOn[stores[k]], callee[k]);
      // The next iteration's load overwrites the tile the store reads: it waits for it (WAR).
      if (k > 0) assert.ok(s.schedule.start[loads[k]] >= s.schedule.end[stores[k - 1]], `iteration ${k} waits for the store before`);
    }
  });

  it('two cores run side by side and meet at the barrier; past it a core reads what the other wrote', () => {
    const src = `module t
cores 2
dram a : f32[2, 128, 256] input = random(seed=1)
dram shared : f32[2, 128, 256]
dram out : f32[128, 256] output
func main() {
  sbuf x : f32[128, 256]
  DmaCopy x <- a[core]        # load
  TensorScalar x <- x, op = add, scalar = 1   # add
  DmaCopy shared[core] <- x   # publish
  Barrier                     # meet
  if core == 0 {
    DmaCopy x <- shared[1]    # gather
    DmaCopy out <- x          # final
  }
}
`;
    const s = scheduled(src);
    const loads = onLine(s, lineOf(src, '# load'));
    assert.equal(loads.length, 2);
    const st = s.recording.stream;
    assert.deepEqual(loads.map((i) => st.core[i]), [0, 1]);
    assert.equal(s.schedule.start[loads[0]], 0);
    assert.equal(s.schedule.start[loads[1]], 0, 'each core has its own DMA queues');
    const meets = onLine(s, lineOf(src, '# meet'));
    const publish = onLine(s, lineOf(src, '# publish'));
    const latest = Math.max(...publish.map((i) => s.schedule.end[i]));
    for (const m of meets) assert.equal(s.schedule.end[m], latest, 'the barrier releases when the last core arrives');
    const gather = only(s, src, '# gather');
    assert.ok(s.schedule.start[gather] >= latest);
    assert.ok([WAIT_BARRIER, RAW, WAR].includes(s.schedule.waitKind[gather]));
    assert.equal(s.schedule.total, s.schedule.end[only(s, src, '# final')]);
  });
});
