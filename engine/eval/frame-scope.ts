/** The names an expression sees in a frame: its registers, its module's constants and tensors, its own tensors. */
import { FunctionIR, Program } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { View } from '../machine/view';
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
  if (a) return frame.tensors[a.slot];
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
