/** The names an expression sees in a frame: its registers, its module's constants and tensors, its own tensors. */
import { AllocInfo, FunctionIR, Program } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { permuted, View } from '../machine/view';
import { EvalScope } from './evaluate';
import { scalar } from './value';

export function frameScope(m: Machine, core: Core, frame: Frame): EvalScope {
  const fn = frame.fn;
  return {
    register: (i) => scalar(frame.regs[i], frame.isWritten(i)),
    core: () => core.index,
    ncores: () => m.ncores,
    constant: (name) => m.program.constants.get(fn.module)?.get(name),
    tensor: (name) => frameTensor(m, frame, name),
    names: () => tensorNames(m.program, fn),
  };
}

export function frameTensor(m: Machine, frame: Frame, name: string): View | undefined {
  const fn = frame.fn;
  for (const p of fn.params) if (p.kind === 'param' && p.name === name) return frame.tensors[p.slot];
  const a = frame.liveAlloc(name);
  if (a) return tilesFirst(frame.tensors[a.slot], a);
  const d = m.program.drams.find((x) => x.name === name && x.module === fn.module);
  return d && m.dramViews[d.slot];
}

function tensorNames(program: Program, fn: FunctionIR): string[] {
  return [
    ...fn.params.flatMap((p) => (p.kind === 'param' ? [p.name] : [])),
    ...fn.allocs.map((a) => a.name),
    ...program.drams.filter((d) => d.module === fn.module).map((d) => d.name),
    ...(program.constants.get(fn.module)?.keys() ?? []),
  ];
}

/**
 * An allocation as the evaluate language names it: an array of tiles with its array dimensions first (`acc` is
 * [4, 2, 128, 512] for `acc[4][2] : f32[128, 512]`), so that `acc[1][0]` is a tile and `acc[1][0][0:4, :]` its rows,
 * as the program writes them; the same elements, in place. Any other allocation as it is.
 */
export function tilesFirst(view: View, a: AllocInfo): View {
  const n = a.array?.length ?? 0;
  if (n === 0) return view;
  const axes = [...Array.from({ length: n }, (_, i) => i + 1), 0, ...Array.from({ length: view.shape.length - 1 - n }, (_, i) => i + 1 + n)];
  return { ...view, shape: permuted(view.shape, axes), strides: permuted(view.strides, axes) };
}
