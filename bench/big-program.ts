/** The generated program of the parse-and-check benchmarks: instructions of the kinds a compiled kernel is made of. */

/**
 * A program of `total` lines. `flat`: everything in `main`. `called`: `main` on line 2 calls a function holding the
 * rest, so that a breakpoint on line 2 is the first place a run stops at (what F5 to the first stop measures).
 */
export function bigProgram(total: number, form: 'flat' | 'called'): { text: string; lines: number } {
  const head = form === 'flat'
    ? ['module big', 'dram x : f32[128, 512] input = zeros', 'dram y : f32[128, 512] output', 'func main() {']
    : ['module big', 'func main() { call work() }', 'dram x : f32[128, 512] input = zeros', 'dram y : f32[128, 512] output', 'func work() {'];
  const lines = [...head, '  sbuf a : f32[128, 512]', '  sbuf b : f32[128, 512]', '  DmaCopy a <- x'];
  let i = 0;
  while (lines.length < total - 2) {
    const k = i++ % 4;
    if (k === 0) lines.push(`  TensorScalar b <- a, op = mul, scalar = ${(i % 7) + 0.5}, op1 = add, scalar1 = r${i % 16}`);
    else if (k === 1) lines.push(`  Activation a[0:64, ${i % 256} : ${i % 256} + 256] <- b[0:64, 0:256], func = relu, scale = 2`);
    else if (k === 2) lines.push(`  Set r${i % 16} = r${(i + 3) % 16} * 4 + ${i % 100}  # comment ${i}`);
    else lines.push('  TensorTensor b <- a, b, op = add');
  }
  lines.push('  DmaCopy y <- b', '}');
  return { text: `${lines.join('\n')}\n`, lines: lines.length };
}
