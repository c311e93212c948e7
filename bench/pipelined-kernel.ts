/**
 * The timeline benchmarks' program (bench/timeline.bench.ts, bench/timeline-view.bench.mjs): a pipelined tiled kernel
 * as a compiler would emit it, `iterations` of 8 instructions over double-buffered tiles: two DMA loads (bf16, into one
 * of two buffers), a MatMult into PSUM, its evacuation by the Scalar engine, a Vector instruction with a per-partition
 * scalar, a GpSimd fill, a register write and a DMA store.
 */
export function pipelinedKernel(iterations: number): string {
  return `module bench
dram a : bf16[2, 128, 64] input = random(seed=1)
dram w : bf16[128, 64] input = random(seed=2)
dram out : f32[2, 64, 64] output
func main() {
  sbuf xs : bf16[128, 128]
  sbuf ws : bf16[128, 64]
  psum acc : f32[64, 128]
  sbuf ys : f32[64, 128]
  sbuf scale : f32[64, 1]
  Memset scale <- 0.5
  for r0 in 0..${iterations} {
    Set r1 = (r0 % 2) * 64
    DmaCopy xs[0:128, r1 : r1+64] <- a[r0 % 2]
    DmaCopy ws <- w
    MatMult acc[0:64, r1 : r1+64] <- xs[0:128, r1 : r1+64], ws, accumulate = 0
    Activation ys[0:64, r1 : r1+64] <- acc[0:64, r1 : r1+64], func = relu
    TensorScalar ys[0:64, r1 : r1+64] <- ys[0:64, r1 : r1+64], op = mul, scalar = scale
    Memset scale <- 0.5
    DmaCopy out[r0 % 2] <- ys[0:64, r1 : r1+64]
  }
}
`;
}
