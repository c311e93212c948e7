/**
 * The program's outputs (its `dram ... output` tensors) at the end of a run: written as NAME.npy, and checked for
 * elements the run never wrote. A never-written element is saved as 0 (a .npy file has no "missing"), and the run
 * says so, since an output the program forgot to write is a bug the file alone would hide.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Machine } from '../machine/machine';
import { writeNpyFile } from './npy';
import { tensorToNpy } from './tensor-files';

/** One warning per output with elements never written. */
export function neverWrittenOutputs(machine: Machine): string[] {
  return machine.outputs()
    .filter(({ tensor }) => !tensor.fullyWritten)
    .map(({ info, tensor }) => `warning: output '${info.name}' has ${tensor.size - tensor.writtenCount} of ${tensor.size} elements never written by the run; ${tensor.writtenCount === 0 ? 'it is' : 'they are'} saved as 0`);
}

/** Writes every output to DIR/NAME.npy, each atomically; the files written. */
export function writeOutputs(machine: Machine, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return machine.outputs().map(({ info, tensor }) => {
    const file = path.join(dir, `${info.name}.npy`);
    writeNpyFile(file, tensorToNpy(tensor));
    return file;
  });
}
