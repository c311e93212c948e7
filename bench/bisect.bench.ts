/**
 * Pass bisection (issue 27): `bisectPasses` over the five passes on a generated program of 10,000 instructions (as
 * written, in `main` and one small function), best of 3 rounds in which the variants take turns; the target is at
 * most 10 s. Two cases:
 *   npx tsx bench/bisect.bench.ts [--json FILE]
 * - `nothingDiffers`: the passes as they are (bit-exact): the pipeline run once with its rewrites recorded, the program
 *   without passes and the program after them run and compared;
 * - `planted`: a wrong rewrite planted in the middle of `schedule`, the last pass (test/helpers/wrong-rewrite.ts): the
 *   whole search, O(log rewrites) trials of one pass and one run each, then the lockstep diff of the program before
 *   and after the culprit with where the difference was born (both sides under the debugger).
 * Each is also given in pipelines (the time of the pipeline alone on this program, measured in the same run), and the
 * pipeline of graph.bench.ts's program is measured too, to compare with the time docs/benchmarks.md gives for it.
 * The program is a tiled kernel on small tiles (so that a run is short and the passes dominate): loads and stores,
 * chains of elementwise work on one engine (fuse), register arithmetic and dead stores (dce), short loops (unroll),
 * calls of a small function (inline), work on two engines (schedule) and long loops.
 */
import { bisectPasses, BisectResult } from '../engine/diff/bisect';
import { Program } from '../engine/ir/program';
import { forEachNode } from '../engine/ir/numbering';
import { PassInfo, passNamed, PassName } from '../engine/passes/registry';
import { runPipeline } from '../engine/passes/pipeline';
import { runProgram } from '../engine/run/simulate';
import { withWrongRewrite } from '../test/helpers/wrong-rewrite';
import { bestOfRounds, report, virtualProgram, writeJson } from './harness';
import { generate as graphBenchProgram } from './graph.bench';

const TARGET = 10_000;
const PIPELINE: PassName[] = ['inline', 'dce', 'fuse', 'unroll', 'schedule'];

export function generate(target: number): string {
  const body: string[] = [];
  let count = 0;
  let stores = 0;
  // Counted: the instructions as written (not the loops and calls).
  const emit = (...lines: string[]): void => {
    body.push(...lines);
    count += lines.filter((l) => !/^\s*(for|call) /.test(l)).length;
  };
  // Every store writes columns of its own, and the tiles carry their values from chunk to chunk: what any
  // instruction computes reaches an output.
  const store = (out: string, tile: string): string => `  DmaCopy ${out}[0:4, ${stores * 16} : ${++stores * 16}] <- ${tile}[0:4, 0:16]`;
  for (let k = 0; count < target; k++) {
    const r = k % 10;
    switch (k % 8) {
      case 0: // a chain on one engine: fused
        emit('  TensorCopy h <- xs', `  TensorScalar h <- h, op = mul, scalar = r${r}`, `  TensorScalar h <- h, op = add, scalar = ${(k % 5) * 0.25}`);
        break;
      case 1:
        emit(store('y', 'h'));
        break;
      case 2: // register arithmetic and a dead store
        emit(`  Set r${(r + 2) % 10} = ${(k % 7) + 1}`, `  Memset junk <- ${k % 5}`);
        break;
      case 3: // a short loop: unrolled
        emit('  for r12 in 0..4 {', '    TensorScalar g[0:4, r12*16 : r12*16+16] <- xs[0:4, r12*16 : r12*16+16], op = add, scalar = r12');
        body.push('  }');
        break;
      case 4: // a call of the small function: inlined
        emit(`  call epilogue(h, g, r${r})`);
        break;
      case 5: // two engines, independent work: scheduled
        emit('  TensorScalar xs <- xs, op = mul, scalar = 0.5', '  Activation g <- h, func = tanh', '  Activation h <- g, func = identity, scale = 2', '  TensorTensor xs <- xs, g, op = add');
        break;
      case 6: // a long loop: not unrolled
        emit('  for r13 in 0..16 {', '    TensorScalar g[0:4, r13*4 : r13*4+4] <- h[0:4, r13*4 : r13*4+4], op = mul, scalar = 0.75');
        body.push('  }');
        break;
      case 7:
        emit(store('z', 'g'));
        break;
    }
  }
  const registers = Array.from({ length: 10 }, (_, i) => `  Set r${i} = ${i + 1}`);
  return `module big
dram x : f32[4, 64] input = random(seed=1, low=-1, high=1)
dram y : f32[4, ${stores * 16}] output
dram z : f32[4, ${stores * 16}] output

func main() {
  sbuf xs : f32[4, 64]
  sbuf h : f32[4, 64]
  sbuf g : f32[4, 64]
  sbuf junk : f32[4, 64]
${registers.join('\n')}
  DmaCopy xs <- x
  Memset h <- 0
  Memset g <- 0
${body.join('\n')}
}

func epilogue(dst: sbuf f32[4, 64], src: sbuf f32[4, 64], r14) {
  Activation dst <- src, func = relu, scale = r14
  TensorScalar dst <- dst, op = min, scalar = 6
}
`;
}

function instructions(program: Program): number {
  let n = 0;
  for (const fn of program.functions.values()) forEachNode(fn.body, (node) => void (node.kind === 'instr' && n++));
  return n;
}

function main(): void {
  const program = virtualProgram(generate(TARGET));
  const graphProgram = virtualProgram(graphBenchProgram(TARGET));
  const run = (passes: readonly PassInfo[]): BisectResult => bisectPasses(program, { passes, label: 'bench.bir', cores: 1 });
  const clean = run(PIPELINE.map(passNamed));
  if (clean.verdict !== 'nothing differs') throw new Error('the passes changed what the program computes');
  // The middle one of schedule's moves of an instruction that computes (a moved copy that a later one overwrites
  // would change nothing).
  let input = program;
  for (const name of PIPELINE.slice(0, -1)) input = passNamed(name).run(input).program;
  const moves = passNamed('schedule').run(input, { record: true }).rewrites.rewrites!;
  const computing = moves.filter((m) => /^moved (TensorScalar|Activation|TensorTensor|group)/.test(m.what));
  const planted = computing[Math.floor(computing.length / 2)].index;
  const faulty = PIPELINE.map((n) => (n === 'schedule' ? withWrongRewrite(passNamed(n), planted) : passNamed(n)));
  const found = run(faulty);
  if (found.culprit?.pass !== 'schedule' || found.culprit.rewrite.index !== planted) throw new Error(`the planted rewrite was not found: ${JSON.stringify(found.culprit)}`);
  // The variants take turns, so that the load of the shared machine weighs on each alike.
  const s = bestOfRounds(3, {
    pipeline: () => void runPipeline(program, PIPELINE),
    run: () => void runProgram(program),
    // The pipeline of graph.bench.ts's program (docs/benchmarks.md has its time): how loaded the machine is.
    graphBenchPipeline: () => void runPipeline(graphProgram, PIPELINE),
    nothingDiffers: () => void run(PIPELINE.map(passNamed)),
    planted: () => void run(faulty),
  });
  const results = {
    program: { instructions: instructions(program), rewrites: clean.rewrites, ...Object.fromEntries(clean.passes.map((p) => [`${p.pass}Rewrites`, p.rewrites])) },
    alone: { pipelineSeconds: s.pipeline, runSeconds: s.run, graphBenchPipelineSeconds: s.graphBenchPipeline },
    nothingDiffers: { seconds: s.nothingDiffers, runs: clean.runs, pipelines: s.nothingDiffers / s.pipeline, graphBenchPipelines: s.nothingDiffers / s.graphBenchPipeline },
    planted: { seconds: s.planted, runs: found.runs, rewrite: planted, pipelines: s.planted / s.pipeline, graphBenchPipelines: s.planted / s.graphBenchPipeline },
  };
  report('pass bisection', results);
  writeJson(process.argv, results);
}

if (require.main === module) main();
