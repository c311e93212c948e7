/**
 * Programs in the shape a compiler emits for a model: straight-line code (loops unrolled, offsets constant) of
 * DmaCopy, Set, TensorScalar, TensorTensor and TensorReduce on [128, 64] tiles, optionally split over modules that
 * main calls in turn (the way a compiler splits a model). Deterministic: the same N gives the same text.
 */

export interface ModelProgram {
  /** File name (relative) → text; the first is the entry module. */
  readonly files: ReadonlyMap<string, string>;
  /** Instructions (statements that execute) in the program. */
  readonly instructions: number;
}

const TILE_ROWS = 128;
const TILE_COLS = 64;
/** Columns of the DRAM tensors the tiles come from and go to. */
const DRAM_COLS = 4096;

/** One instruction of the body, the i-th: a repeating pattern of the kinds a compiled model is made of. */
function instruction(i: number): string {
  const col = (i * TILE_COLS) % DRAM_COLS;
  switch (i % 8) {
    case 0: return `  DmaCopy a <- x[0:${TILE_ROWS}, ${col}:${col + TILE_COLS}]`;
    case 1: return `  Set r${i % 16} = ${i % 1000}`;
    case 2: return `  TensorScalar b <- a, op = mul, scalar = ${(i % 13) + 0.25}, op1 = add, scalar1 = r${(i + 15) % 16}`;
    case 3: return `  TensorTensor c <- a, b, op = add`;
    case 4: return `  TensorReduce s <- c, op = max`;
    case 5: return `  TensorScalar c <- c, op = sub, scalar = s`;
    case 6: return `  TensorTensor b <- c, b, op = mul`;
    default: return `  DmaCopy y[0:${TILE_ROWS}, ${col}:${col + TILE_COLS}] <- b`;
  }
}

const TILES = ['  sbuf a : f32[128, 64]', '  sbuf b : f32[128, 64]', '  sbuf c : f32[128, 64]', '  sbuf s : f32[128, 1]'];
const DRAMS = (module: string): string[] => [
  `dram x : f32[${TILE_ROWS}, ${DRAM_COLS}] input = random(seed=7, low=-1, high=1)`,
  `dram y : f32[${TILE_ROWS}, ${DRAM_COLS}] output`,
].map((d) => (module === 'model' ? d : d));

/** A straight-line program of `n` instructions, all in main: one file. */
export function straightLine(n: number): ModelProgram {
  const lines = ['module model', ...DRAMS('model'), 'func main() {', ...TILES];
  for (let i = 0; i < n; i++) lines.push(instruction(i));
  lines.push('}');
  return { files: new Map([['model.bir', `${lines.join('\n')}\n`]]), instructions: n };
}

/**
 * The same instructions split over `parts` modules of one function each; main imports them and calls each in turn.
 * DRAM is declared once, in the entry module, and passed to each part as parameters.
 */
export function splitOverModules(n: number, parts: number): ModelProgram {
  const files = new Map<string, string>();
  const entry = ['module model', ...parts > 0 ? Array.from({ length: parts }, (_, k) => `import "part${k}.bir"`) : [], ...DRAMS('model'), 'func main() {'];
  const per = Math.ceil(n / parts);
  for (let k = 0; k < parts; k++) {
    const count = Math.min(per, n - k * per);
    if (count <= 0) break;
    entry.push(`  call part${k}::run(x, y)`);
    const lines = [`module part${k}`, `func run(x: dram f32[${TILE_ROWS}, ${DRAM_COLS}], y: dram f32[${TILE_ROWS}, ${DRAM_COLS}]) {`, ...TILES];
    for (let i = 0; i < count; i++) lines.push(instruction(k * per + i));
    lines.push('}');
    files.set(`part${k}.bir`, `${lines.join('\n')}\n`);
  }
  entry.push('}');
  return { files: new Map([['model.bir', `${entry.join('\n')}\n`], ...files]), instructions: n };
}
