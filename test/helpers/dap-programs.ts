/** Small BIR programs written for the DAP tests (each test writes the ones it needs into a temporary folder). */

/** Straight-line code, a one-line loop, a one-line if/else with a call in each arm, calls two deep. */
export const STEPS = `# steps.bir: stepping
module steps

func main() {
  Set r0 = 1
  Set r1 = 2
  call twice(r0)
  for r3 in 0..2 { Set r4 = r3 }
  if r0 > 0 { call twice(r1) } else { call pair(r1) }
  Set r5 = r0 + r1
  call pair(r5)
  Print "r5 =", r5
}

func twice(r0) {
  Set r1 = r0 * 2
  Set r2 = r1 * 2
}

func pair(r6) {
  call twice(r6)
  Set r7 = r6
}
`;

/** A loop with a call, a one-line loop, an allocation line, comments. */
export const LOOPS = `# loops.bir: breakpoints in loops
module loops

func main() {
  sbuf acc : f32[4, 8]

  Memset acc <- 0
  for r0 in 0..4 {
    Set r1 = r0 * 10
    call fill(acc[r0:r0+1, 0:8], r1)
  }
  for r2 in 0..3 { Set r3 = r2 }
  Print "acc[3, 0] =", acc[3, 0]
}

# Fills one row.
func fill(dst: sbuf f32[1, 8], r4) {
  Memset dst <- r4
}

func unused() {
  Set r0 = 1
}
`;

/** Two modules with a function of the same name. */
export const MODULES_MAIN = `module app
import "lib.bir"

func main() {
  for r0 in 0..3 {
    Set r1 = r0 * 10
    call tile(r0)
    call lib::tile(r1)
  }
  call helper()
}

func tile(r2) {
  Set r3 = r2 + 1
}

func helper() {
  Print "helper"
}
`;

export const MODULES_LIB = `module lib

func tile(r4) {
  Set r5 = r4 * 2
}
`;

/** Never ends (1e15 iterations). */
export const ENDLESS = `module endless

func main() {
  Set r2 = 7
  for r0 in 0..1e15 { Set r1 = r0 }
  Print "never"
}
`;

/** A long loop (about a second in the debugger), then a line after it. */
export const LONG_LOOP = `module long_loop

func main() {
  Set r0 = 0
  for r1 in 0..3000000 {
    Set r2 = r1
  }
  Set r3 = 1
}
`;

/** Two errors. */
export const BROKEN = `module broken

func main() {
  Set r0 = 1 +
  Bogus r1
}
`;
