// PSUM bank conflicts (engine/perf/psum-banks.ts) on programs whose conflicts are known by construction: two
// accumulation groups packed in one bank, a MatMult writing a bank while another engine reads the other half of it,
// and the same program with a bank for each group, which has none.
import * as assert from 'node:assert/strict';
import { psumConflicts } from '../../engine/perf/psum-banks';
import { summarize } from '../../engine/perf/summary';
import { lineOf, scheduled } from '../helpers/perf-programs';

/** p and q are 1 KiB per partition each: placed one after the other, both in bank 0, unless q is given a bank. */
const shared = (qPlace: string): string => `module t
dram a : bf16[128, 256] input = random(seed=1)
dram o : f32[128, 512] output
func main() {
  sbuf x : bf16[128, 256]
  psum p : f32[128, 256]
  psum q : f32[128, 256]${qPlace}
  sbuf y : f32[128, 512]
  DmaCopy x <- a
  MatMult p <- x[0:128, 0:128], x          # first group
  MatMult q <- x[0:128, 0:128], x          # second group
  TensorCopy y[0:128, 0:256] <- p          # evict p
  TensorCopy y[0:128, 256:512] <- q        # evict q
  DmaCopy o <- y
}
`;

describe('perf: PSUM bank conflicts', () => {
  it('finds a second accumulation group started in a bank whose first group is unread, and a MatMult writing a bank another engine reads', () => {
    const src = shared('');
    const s = scheduled(src);
    const found = psumConflicts(s.schedule, s.program);
    const [first, second, evictP] = ['# first group', '# second group', '# evict p'].map((m) => lineOf(src, m));
    assert.deepEqual(found.map((c) => [c.kind, c.bank, c.line, c.otherLine]), [
      ['groups', 0, second, first],
      ['engines', 0, evictP, second],
    ]);
    assert.match(found[0].message, new RegExp(`^line ${second} \\(MatMult\\) starts an accumulation group in PSUM bank 0 while the group of line ${first} \\(MatMult\\) holds it unread`));
    assert.match(found[1].message, new RegExp(`^line ${evictP} \\(TensorCopy, DVE\\) accesses PSUM bank 0 while line ${second} \\(MatMult, PE\\) does`));
    // The copy of p really overlaps the MatMult of q in the schedule: different elements, no hazard between them.
    const st = s.schedule;
    const [mmQ, copyP] = [found[1].other, found[1].instruction];
    assert.ok(st.start[copyP] < st.end[mmQ] && st.start[mmQ] < st.end[copyP], 'they overlap in time');
    // The summary warns of them with their lines, and lists them.
    const summary = summarize(st, s.program);
    assert.ok(summary.warnings.some((w) => w.startsWith(`PSUM bank conflicts at lines ${second}, ${evictP}:`)), summary.warnings.join('\n'));
    assert.equal(summary.psumConflicts.length, 2);
  });

  it('finds none when each group has a bank of its own', () => {
    const s = scheduled(shared(', bank = 1'));
    assert.deepEqual(psumConflicts(s.schedule, s.program), []);
    assert.ok(!summarize(s.schedule, s.program).warnings.some((w) => w.startsWith('PSUM')));
  });

  it('counts a conflict that a loop repeats once per pair of lines', () => {
    const src = shared('').replace(/ {2}MatMult p[\s\S]*# evict q\n/, `  for r0 in 0..4 {
    MatMult p <- x[0:128, 0:128], x          # first group
    MatMult q <- x[0:128, 0:128], x          # second group
    TensorCopy y[0:128, 0:256] <- p          # evict p
    TensorCopy y[0:128, 256:512] <- q        # evict q
  }
`);
    const s = scheduled(src);
    const groups = psumConflicts(s.schedule, s.program).filter((c) => c.kind === 'groups');
    assert.deepEqual(groups.map((c) => [c.line, c.count]), [[lineOf(src, '# second group'), 4]]);
    assert.match(groups[0].message, /\(4 times\)$/);
  });
});
