/**
 * PSUM bank conflicts in a schedule: what the first-order model lets overlap but the hardware serialises, because
 * PSUM is used a 2 KiB bank per partition at a time (docs/timeline.md, "Summaries"):
 * - two accumulation groups sharing a bank: a MatMult starts a group in a bank that still holds another group no
 *   engine has read yet ("A series of TensorE matmul instructions with the first one writing to a PSUM bank and more
 *   subsequent instructions accumulating into the same PSUM bank data is called a matmul accumulation group"; "with 8
 *   PSUM banks per partition, TensorE can have up to eight outstanding matmul accumulation groups",
 *   trainium_inferentia2_arch.rst);
 * - engines meeting on a bank: a MatMult writing a bank while another engine accesses it, or the vector and scalar
 *   engines accessing one bank at once ("as long as their accesses do not collide on the same PSUM bank",
 *   trainium2_arch.rst).
 * The model's hazards already order accesses to the same elements: what is found here are accesses to different
 * elements of one bank. The model does not delay them; the report says which instruction would wait, for which.
 */
import { Program } from '../ir/program';
import { PSUM_BANK_BYTES } from '../machine/limits';
import { Schedule } from './scheduler';
import { COMPUTE_ENGINES, ENGINE_CODE, ExecutedStream, PsumPlace } from './stream';

export interface PsumConflict {
  readonly kind: 'groups' | 'engines';
  readonly core: number;
  readonly bank: number;
  /** The instruction that would wait (its first run), and the one it would wait for. */
  readonly instruction: number;
  readonly file: string;
  readonly line: number;
  readonly opcode: string;
  readonly other: number;
  readonly otherFile: string;
  readonly otherLine: number;
  readonly otherOpcode: string;
  /** How many times these two lines met so on this bank. */
  readonly count: number;
  readonly message: string;
}

/** The most conflicts a summary lists (pairs of lines; each counts its occurrences). */
export const MAX_LISTED_CONFLICTS = 20;

interface Touch {
  readonly i: number;
  readonly base: number;
  readonly writes: boolean;
}

/** The conflicts, pairs of lines with their counts, earliest first. */
export function psumConflicts(s: Schedule, program: Program): PsumConflict[] {
  const st = s.stream;
  const found = new Map<string, { kind: PsumConflict['kind']; core: number; bank: number; i: number; other: number; count: number }>();
  const note = (kind: PsumConflict['kind'], core: number, bank: number, i: number, other: number): void => {
    const key = `${kind}:${core}:${bank}:${st.node[i]}:${st.node[other]}`;
    const seen = found.get(key);
    if (seen) seen.count++;
    else found.set(key, { kind, core, bank, i, other, count: 1 });
  };
  for (const [key, touches] of touchesByBank(st)) {
    const core = Math.floor(key / 1024);
    const bank = key % 1024;
    touches.sort((a, b) => s.start[a.i] - s.start[b.i] || a.i - b.i);
    sharedGroups(st, touches, (i, other) => note('groups', core, bank, i, other));
    meetingEngines(s, touches, (i, other) => note('engines', core, bank, i, other));
  }
  const code = program.code;
  const lineOf = (i: number): [string, number, string] => {
    const n = code.node(st.node[i]);
    return [n.span.file, n.span.line, n.kind === 'instr' ? n.opcode : n.kind];
  };
  return [...found.values()].sort((a, b) => s.start[a.i] - s.start[b.i] || a.i - b.i).slice(0, MAX_LISTED_CONFLICTS).map((c) => {
    const [file, line, opcode] = lineOf(c.i);
    const [otherFile, otherLine, otherOpcode] = lineOf(c.other);
    const engine = (i: number): string => COMPUTE_ENGINES[st.engine[i]] ?? 'DMA';
    const times = c.count > 1 ? ` (${c.count} times)` : '';
    const message = c.kind === 'groups'
      ? `line ${line} (${opcode}) starts an accumulation group in PSUM bank ${c.bank} while the group of line ${otherLine} (${otherOpcode}) holds it unread: a bank holds one group, so on the hardware it waits for that group's eviction${times}`
      : `line ${line} (${opcode}, ${engine(c.i)}) accesses PSUM bank ${c.bank} while line ${otherLine} (${otherOpcode}, ${engine(c.other)}) does: their accesses collide on the bank, so on the hardware one waits${times}`;
    return { kind: c.kind, core: c.core, bank: c.bank, instruction: c.i, file, line, opcode, other: c.other, otherFile, otherLine, otherOpcode, count: c.count, message };
  });
}

/** Each instruction's accesses of PSUM, by the bank (of its core) they fall in: core · 1024 + bank. */
function touchesByBank(st: ExecutedStream): Map<number, Touch[]> {
  const out = new Map<number, Touch[]>();
  for (let i = 0; i < st.count; i++) {
    for (let a = st.accessStart[i]; a < st.accessStart[i + 1]; a++) {
      const base = st.accessBase[a];
      const place = st.bases[base].psum;
      if (!place) continue;
      const [lo, hi] = byteRange(place, st.boxes, st.accessBox[a], st.bases[base].rank);
      for (let bank = Math.floor(lo / PSUM_BANK_BYTES); bank <= Math.floor((hi - 1) / PSUM_BANK_BYTES); bank++) {
        const key = st.core[i] * 1024 + bank;
        let list = out.get(key);
        if (!list) out.set(key, (list = []));
        list.push({ i, base, writes: st.accessWrites[a] === 1 });
      }
    }
  }
  return out;
}

/** The bytes of each partition a box of a PSUM tensor reaches, [lo, hi). */
function byteRange(place: PsumPlace, boxes: Float64Array, at: number, rank: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let d = 1; d < rank; d++) {
    const [start, count, step] = [boxes[at + 3 * d], boxes[at + 3 * d + 1], boxes[at + 3 * d + 2]];
    lo += start * place.strides[d];
    hi += (start + Math.max(0, count - 1) * step) * place.strides[d];
  }
  return [place.offset + lo * place.elementBytes, place.offset + (hi + 1) * place.elementBytes];
}

/**
 * A MatMult that writes a bank holding another tensor's accumulation group that nothing has read since it was
 * written: the two groups share the bank. A group is the writes of one tensor's MatMults; an engine's read of that
 * tensor evicts it.
 */
function sharedGroups(st: ExecutedStream, touches: readonly Touch[], conflict: (i: number, other: number) => void): void {
  let held: { base: number; i: number; read: boolean } | undefined;
  for (const t of touches) {
    const pe = st.engine[t.i] === ENGINE_CODE.PE;
    if (pe && t.writes) {
      if (held && held.base !== t.base && !held.read) conflict(t.i, held.i);
      if (!held || held.base !== t.base || held.read) held = { base: t.base, i: t.i, read: false };
    } else if (!pe && !t.writes && held && held.base === t.base) {
      held.read = true;
    }
  }
}

/**
 * Two engines on one bank at once: a MatMult writing while another engine accesses it, or the vector and scalar
 * engines both. The later of the two is the one that would wait.
 */
function meetingEngines(s: Schedule, touches: readonly Touch[], conflict: (i: number, other: number) => void): void {
  const st = s.stream;
  let active: Touch[] = [];
  let last = -1;
  for (const t of touches) {
    active = active.filter((u) => s.end[u.i] > s.start[t.i]);
    for (const u of t.i === last ? [] : active) {
      if (u.i === t.i || st.engine[u.i] === st.engine[t.i] || s.end[t.i] <= s.start[t.i]) continue;
      if (collide(st, u, t)) {
        conflict(t.i, u.i);
        last = t.i;
        break;
      }
    }
    active.push(t);
  }
}

function collide(st: ExecutedStream, a: Touch, b: Touch): boolean {
  const [ea, eb] = [st.engine[a.i], st.engine[b.i]];
  if (ea === ENGINE_CODE.PE) return a.writes;
  if (eb === ENGINE_CODE.PE) return b.writes;
  const vectorScalar = (x: number, y: number): boolean => x === ENGINE_CODE.ACT && y === ENGINE_CODE.DVE;
  return vectorScalar(ea, eb) || vectorScalar(eb, ea);
}
