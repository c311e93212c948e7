/**
 * What a bisection compares a run's outputs with: the outputs of the program without passes (bit for bit), or a folder
 * of `.npy` files, one `NAME.npy` per output DRAM tensor (as `bir-sim run --out` writes them, or made in NumPy),
 * bit for bit or within a tolerance (|a − b| ≤ atol + rtol·|b|, as numpy.isclose; NaN agrees with NaN, as
 * numpy.testing.assert_allclose). A program that declares no output is compared on every DRAM tensor.
 */
import * as fs from 'fs';
import * as path from 'path';
import { dtypeInfo, packedLayout } from '../base/dtype';
import { DramInfo, Program } from '../ir/program';
import { Machine } from '../machine/machine';
import { unravel } from '../machine/view';
import { npyDoubles, NpyArray, NpyDType, NpyError, readNpyFile } from '../io/npy';
import { npyDTypeFor } from '../io/tensor-files';
import { RunOutcome } from '../run/interpreter';
import { isClose } from '../debug/tensor-compare';
import { bitsOf, ElementBits } from './dram-writes';
import { valueOfBits } from './lockstep';

/** A run as the bisection judges it: how it ended and the machine it left. */
export interface FinishedRun {
  readonly outcome: RunOutcome;
  readonly machine: Machine;
}

/** Where a run's outputs part from the reference: the first element (row-major, tensors in order), or how the run ended. */
export type OutputMismatch =
  | { readonly kind: 'element'; readonly tensor: string; readonly element: string; readonly index: number; readonly value: number; readonly expected: number }
  | { readonly kind: 'ending'; readonly ending: string; readonly expected: string };

export interface OutputReference {
  /** How reports name it: `the program without passes`, `ref/`. */
  readonly name: string;
  /** The tensors compared. */
  readonly tensors: readonly string[];
  firstMismatch(run: FinishedRun): OutputMismatch | undefined;
}

export interface Tolerance {
  readonly rtol: number;
  readonly atol: number;
}

/** A reference folder or file that cannot be used: the message names the file and the tensor. */
export class BadReference extends Error {}

/** The tensors compared: the outputs, or every DRAM tensor of a program that declares none. */
export function comparedTensors(program: Program): readonly DramInfo[] {
  const outputs = program.drams.filter((d) => d.role === 'output');
  return outputs.length ? outputs : program.drams;
}

/** The outputs of a run of the program without passes, bit for bit. */
export function runReference(program: Program, reference: FinishedRun): OutputReference {
  const tensors = comparedTensors(program);
  const expected = tensors.map((d) => Int32Array.from(bitsOf(reference.machine.drams[d.slot])));
  const expectedEnding = ending(reference.outcome);
  return {
    name: 'the program without passes',
    tensors: tensors.map((d) => d.name),
    firstMismatch: (run) => {
      const end = ending(run.outcome);
      if (end !== expectedEnding) return { kind: 'ending', ending: end, expected: expectedEnding };
      for (const [k, d] of tensors.entries()) {
        const bits = bitsOf(run.machine.drams[d.slot]);
        const want = expected[k];
        for (let i = 0; i < want.length; i++) {
          if (bits[i] !== want[i]) return element(d, i, valueOfBits(d.dtype, bits[i]), valueOfBits(d.dtype, want[i]));
        }
      }
      return undefined;
    },
  };
}

/**
 * The folder's NAME.npy for every compared tensor, read now (each refused from its header when its shape or dtype
 * does not fit the tensor), and each element's agreement with it; `tolerance` undefined compares bit for bit.
 */
export class ReferenceFolder {
  readonly tensors: readonly DramInfo[];
  /** By DRAM slot: the reference of a compared tensor. */
  private readonly bySlot = new Map<number, ReferenceArray>();
  private readonly agree: (a: number, b: number) => boolean;

  constructor(program: Program, dir: string, readonly shownDir: string, tolerance?: Tolerance) {
    const tensors = comparedTensors(program);
    if (tensors.length === 0) throw new BadReference(`the program has no dram tensor to compare with ${shownDir}`);
    const missing = tensors.filter((d) => !exists(path.join(dir, `${d.name}.npy`)));
    if (missing.length) {
      throw new BadReference(`${shownDir} has no ${missing.map((d) => `${d.name}.npy`).join(', ')}: a reference holds NAME.npy for every output dram tensor (${tensors.map((d) => d.name).join(', ')})`);
    }
    for (const d of tensors) this.bySlot.set(d.slot, readReference(path.join(dir, `${d.name}.npy`), path.join(shownDir, `${d.name}.npy`), d));
    this.tensors = tensors;
    this.agree = tolerance
      ? (a, b) => isClose(a, b, tolerance.atol, tolerance.rtol) || (Number.isNaN(a) && Number.isNaN(b))
      : (a, b) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
  }

  compares(slot: number): boolean {
    return this.bySlot.has(slot);
  }

  /** Element `index` of the compared tensor `d`, whose stored bits are `bits[index]`, against the reference: undefined when they agree. */
  mismatchAt(d: DramInfo, index: number, bits: ElementBits): OutputMismatch | undefined {
    const ref = this.bySlot.get(d.slot)!;
    if (ref.bits) return bits[index] === ref.bits[index] ? undefined : element(d, index, bits[index], ref.bits[index]);
    const value = valueOfBits(d.dtype, bits[index]);
    return this.agree(value, ref.values![index]) ? undefined : element(d, index, value, ref.values![index]);
  }
}

/** A reference folder as a bisection compares a finished run with it. */
export function folderReference(program: Program, dir: string, shownDir: string, tolerance?: Tolerance): OutputReference {
  const folder = new ReferenceFolder(program, dir, shownDir, tolerance);
  return {
    name: shownDir,
    tensors: folder.tensors.map((d) => d.name),
    firstMismatch: (run) => {
      if (run.outcome.kind !== 'exited') return { kind: 'ending', ending: ending(run.outcome), expected: 'ended normally' };
      for (const d of folder.tensors) {
        const bits = bitsOf(run.machine.drams[d.slot]);
        for (let i = 0; i < bits.length; i++) {
          const m = folder.mismatchAt(d, i, bits);
          if (m) return m;
        }
      }
      return undefined;
    },
  };
}

/** A reference array: the bits of a packed tensor, the values of the others. */
interface ReferenceArray {
  readonly bits?: Int32Array | Uint32Array | Uint16Array;
  readonly values?: Float64Array;
}

function readReference(file: string, shown: string, d: DramInfo): ReferenceArray {
  const admit = (header: { readonly shape: readonly number[]; readonly dtype: NpyDType }): void => {
    if (header.shape.length !== d.shape.length || header.shape.some((n, i) => n !== d.shape[i])) {
      throw new BadReference(`${shown} holds an array of shape (${header.shape.join(', ')}) but the output '${d.name}' is ${d.dtype}[${d.shape.join(', ')}] (${d.span.file}:${d.span.line}:${d.span.col})`);
    }
    const accepted = acceptedDTypes(d);
    if (!accepted.includes(header.dtype)) {
      throw new BadReference(`${shown} holds ${header.dtype} but the output '${d.name}' is ${d.dtype}: its reference holds ${accepted.join(' or ')}`);
    }
  };
  let npy: NpyArray;
  try {
    npy = readNpyFile(file, { admit });
  } catch (e) {
    if (e instanceof NpyError) throw new BadReference(e.message);
    throw e;
  }
  if (packedLayout(d.dtype)) return { bits: npy.data as Uint32Array | Uint16Array };
  return { values: npyDoubles(npy) };
}

/** What a reference of the tensor may hold: the bits of a packed type; values of a float or integer type. */
function acceptedDTypes(d: DramInfo): NpyDType[] {
  if (packedLayout(d.dtype)) return [npyDTypeFor(d.dtype)];
  if (dtypeInfo(d.dtype).isFloat) return ['f32', 'f64', 'f16'];
  return ['i32', 'i16', 'i8', 'u32', 'u16', 'u8', 'f64'];
}


function element(d: DramInfo, index: number, value: number, expected: number): OutputMismatch {
  return { kind: 'element', tensor: d.name, element: `${d.name}[${unravel(d.shape, index).join(', ')}]`, index, value, expected };
}

/** How a run ended, in words: runs that end alike compare their outputs. */
export function ending(o: RunOutcome): string {
  if (o.kind === 'failed') return `faulted (${o.fault.code}: ${o.fault.message})`;
  return o.kind === 'exited' ? 'ended normally' : o.kind;
}

function exists(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
