/**
 * Graph and pass-pipeline benchmarks on a generated 10,000-instruction program, best of 3, reported as
 * instructions per second:
 *   npx tsx bench/graph.bench.ts [--json FILE]
 * - checking the program (parse and check, from its text);
 * - building the dataflow graph of every function;
 * - running the full pipeline `inline,dce,fuse,unroll,schedule` over it.
 *
 * The program is a tiled kernel as a compiler would emit it: DMA loads and stores, MatMults into PSUM, chains of
 * elementwise instructions (which fuse), register arithmetic, dead stores (which dce removes), a few short loops
 * (which unroll) and long ones (which do not), and calls of small functions (which inline) and of a big one.
 */
import { checkProgram } from '../engine/lang/check/checker';
import { formatDiagnostic } from '../engine/lang/diagnostics';
import { buildProgramGraphs } from '../engine/graph/build';
import { forEachNode } from '../engine/ir/numbering';
import { Program } from '../engine/ir/program';
import { runPipeline, Snapshot } from '../engine/passes/pipeline';
import { PassName } from '../engine/passes/registry';
import { runProgram } from '../engine/run/simulate';
import { best, report, virtualProgram, writeJson } from './harness';

const TARGET = 10_000;
const PIPELINE: PassName[] = ['inline', 'dce', 'fuse', 'unroll', 'schedule'];

/** A small function (inlined) and a big one (more than 24 nodes: not inlined). */
const HELPERS = `
func epilogue(dst: sbuf f32[128, 64], src: psum f32[128, 64], r3) {
  Activation dst <- src, func = relu, scale = r3
  TensorScalar dst <- dst, op = min, scalar = 6
}

func stats(src: sbuf f32[128, 64], out: sbuf f32[128, 1]) {
  sbuf t : f32[128, 64]
  sbuf m : f32[128, 1]
${Array.from({ length: 12 }, (_, i) => `  TensorScalar t <- src, op = mul, scalar = ${i + 1}
  TensorReduce m <- t, op = ${i % 2 ? 'max' : 'add'}`).join('\n')}
  TensorTensor out <- m, m, op = add
}
`;

/** The generated program's text and how many instructions (nodes of the IR, as written) it has. */
export function generate(target: number): string {
  const body: string[] = [];
  let count = 0;
  const emit = (...lines: string[]): void => {
    body.push(...lines);
    count += lines.length;
  };
  for (let k = 0; count < target; k++) {
    const col = (k % 8) * 64;
    const r = k % 12;
    switch (k % 10) {
      case 0: // loads
        emit(`  DmaCopy xs[0:128, ${col}:${col + 64}] <- x[0:128, ${col}:${col + 64}]`, `  DmaCopy ws[0:128, ${col}:${col + 64}] <- w[0:128, ${col}:${col + 64}]`);
        break;
      case 1: // a matmul and its evacuation through a chain of elementwise instructions (fused)
        emit(`  MatMult acc[0:128, 0:64] <- xs[0:128, 0:128], ws[0:128, ${col}:${col + 64}]`,
          '  TensorCopy h <- acc[0:128, 0:64]',
          `  TensorScalar h <- h, op = mul, scalar = r${r}`,
          '  TensorScalar h <- h, op = add, scalar = bias',
          `  DmaCopy y[0:128, ${col}:${col + 64}] <- h`);
        break;
      case 2: // register arithmetic and a dead store
        emit(`  Set r${r} = r${(r + 1) % 12} * 2 + ${k % 7}`, `  Memset junk <- ${k % 5}`, `  Set r${(r + 5) % 12} = r${r} % 5`);
        break;
      case 3: // a short loop: unrolled
        emit(`  for r12 in 0..4 {`, '    DmaCopy xs[0:128, r12*16 : r12*16+16] <- x[0:128, r12*16 : r12*16+16]', '    TensorScalar g[0:128, r12*16 : r12*16+16] <- xs[0:128, r12*16 : r12*16+16], op = add, scalar = r12');
        body.push('  }');
        break;
      case 4: // a call of the small function: inlined
        emit(`  MatMult acc[0:128, 0:64] <- xs[0:128, 0:128], ws[0:128, ${col}:${col + 64}]`, `  call epilogue(h, acc[0:128, 0:64], r${r})`, `  DmaCopy y[0:128, ${col}:${col + 64}] <- h`);
        break;
      case 5: // elementwise on two engines
        emit('  Activation g <- h, func = tanh', '  TensorTensor h <- g, h, op = mul', '  Activation g <- h, func = exp', '  TensorScalar bias <- g[0:128, 0:1], op = max, scalar = 0');
        break;
      case 6: // a long loop: not unrolled
        emit('  for r13 in 0..16 {', '    TensorScalar g[0:128, r13*4 : r13*4+4] <- h[0:128, r13*4 : r13*4+4], op = mul, scalar = r13', '    Set r14 = r13 * 3');
        body.push('  }');
        break;
      case 7: // the big function: a call that stays
        emit('  call stats(h, s)', `  DmaCopy sums[0:128, ${k % 16}:${(k % 16) + 1}] <- s`);
        break;
      case 8: // an if on a register
        emit(`  if r${r} > 3 {`, '    TensorScalar h <- h, op = mul, scalar = 0.5');
        body.push('  } else {');
        emit('    TensorScalar h <- h, op = add, scalar = 1');
        body.push('  }');
        break;
      case 9: // a transpose through PE and a store
        emit('  Transpose tp <- xs[0:64, 0:128]', '  TensorCopy g <- tp[0:128, 0:64]', `  DmaCopy y[0:128, ${col}:${col + 64}] <- g`);
        break;
    }
  }
  const registers = Array.from({ length: 12 }, (_, i) => `  Set r${i} = ${i + 1}`);
  return `module big
dram x : f32[128, 512] input = random(seed=1, low=-1, high=1)
dram w : f32[128, 512] input = random(seed=2, low=-1, high=1)
dram y : f32[128, 512] output
dram sums : f32[128, 16] output

func main() {
  sbuf xs : f32[128, 512]
  sbuf ws : f32[128, 512]
  sbuf h : f32[128, 64]
  sbuf g : f32[128, 64]
  sbuf bias : f32[128, 1]
  sbuf s : f32[128, 1]
  sbuf junk : f32[128, 64]
  psum acc : f32[128, 64]
  psum tp : f32[128, 64]
${registers.join('\n')}
  Memset bias <- 0
  Memset h <- 0
${body.join('\n')}
}
${HELPERS}`;
}

function instructions(program: Program): number {
  let n = 0;
  for (const fn of program.functions.values()) forEachNode(fn.body, () => n++);
  return n;
}

function main(): void {
  const text = generate(TARGET);
  const program = virtualProgram(text);
  const count = instructions(program);
  const lines = text.split('\n').length;

  // Checking: parse and check the text.
  const checkSeconds = best(3, () => {
    const r = checkProgram('/virtual/bench.bir', { host: { readText: () => text, exists: () => true } });
    if (!r.program) throw new Error(r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  });

  // Graph: every function's dataflow graph.
  let edges = 0;
  const graphSeconds = best(3, () => {
    edges = buildProgramGraphs(program).reduce((n, g) => n + g.edges.length, 0);
  });

  // The full pipeline.
  let snapshots: Snapshot[] = [];
  const pipelineSeconds = best(3, () => {
    snapshots = runPipeline(program, PIPELINE);
  });
  const perPass: Record<string, number> = {};
  for (const name of PIPELINE) {
    const input = snapshots[PIPELINE.indexOf(name)].program;
    perPass[`${name}Seconds`] = best(3, () => runPipeline(input, [name]));
  }
  const last = snapshots[snapshots.length - 1].program;
  const changes = Object.fromEntries(snapshots.slice(1).map((s) => [s.pass, s.changes.added.length + s.changes.removed.length + s.changes.moved.length]));

  // The pipeline's output computes what the program as written computes (a sanity check, not timed).
  const before = runProgram(program).machine.drams;
  const after = runProgram(last).machine.drams;
  const same = before.every((t, i) => Buffer.from(t.data.buffer).equals(Buffer.from(after[i].data.buffer)));
  if (!same) throw new Error('the pipeline changed what the program computes');

  const results = {
    program: { instructions: count, lines, functions: program.functions.size, instructionsAfterPipeline: instructions(last) },
    check: { seconds: checkSeconds, instructionsPerSecond: count / checkSeconds },
    graph: { seconds: graphSeconds, edges, instructionsPerSecond: count / graphSeconds },
    pipeline: { seconds: pipelineSeconds, instructionsPerSecond: count / pipelineSeconds, ...perPass },
    changes,
  };
  report('graph', results);
  writeJson(process.argv, results);
}

if (require.main === module) main();
