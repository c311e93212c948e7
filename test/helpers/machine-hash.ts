/**
 * A hash of a machine's whole state, to compare two runs at the same point: every DRAM tensor's bytes and written
 * flags, and per core its state, counters and stack (each frame's function, activation, registers, positions and
 * the bytes of its allocations). Written plainly, independent of the journal it checks.
 */
import { Machine } from '../../engine/machine/machine';
import { Tensor } from '../../engine/machine/tensor';

class Fnv {
  private h = 0x811c9dc5;

  bytes(a: ArrayBufferView): void {
    const b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    let h = this.h;
    for (let i = 0; i < b.length; i++) {
      h ^= b[i];
      h = Math.imul(h, 0x01000193);
    }
    this.h = h;
  }

  number(x: number): void {
    this.bytes(new Float64Array([x]));
  }

  text(s: string): void {
    this.bytes(new TextEncoder().encode(s));
  }

  get value(): string {
    return (this.h >>> 0).toString(16).padStart(8, '0');
  }
}

function tensor(h: Fnv, t: Tensor): void {
  h.text(t.name);
  h.bytes(t.data);
  h.bytes(t.written);
  h.number(t.writtenCount);
}

export function machineHash(m: Machine): string {
  const h = new Fnv();
  for (const t of m.drams) tensor(h, t);
  h.number(m.barrierEpoch);
  for (const core of m.cores) {
    h.text(core.state);
    h.number(core.executed);
    for (const f of core.frames) {
      h.text(f.fn.fullName);
      h.number(f.activation);
      h.bytes(f.regs);
      h.number(f.regWritten);
      for (const c of f.cursors) {
        h.number(c.pc);
        h.number(c.activation);
        h.number(c.loop?.iteration ?? -1);
        h.number(c.loop?.value ?? -1);
      }
      for (const a of f.fn.allocs) tensor(h, f.tensors[a.slot].tensor);
    }
  }
  return h.value;
}
