/**
 * The input of every agent tool, declared once as a zod schema: the tools check what they are given against it
 * (tool-errors.ts words a mismatch), and its JSON Schema is what MCP's tools/list and package.json's
 * languageModelTools announce (tool-list.ts). Objects are strict, so that a misspelt argument is refused by name
 * rather than ignored. Paths are relative to the workspace (the MCP server's working folder, VS Code's first folder).
 */
import { z } from 'zod';

const LINE_LIMIT = 100_000_000;

const program = z.string().min(1).describe('The .bir file, relative to the workspace or absolute.');

const frame = z.int().min(0).max(10_000).optional()
  .describe('The stack frame to evaluate in, as the snapshot numbers them (0, the innermost, by default).');

const expression = (what: string): z.ZodString => z.string().min(1).describe(what);

const timeoutSeconds = z.number().min(1).max(600).optional()
  .describe('How long the program may run before it is paused and the answer says so (30 s by default).');

const launch = {
  program,
  inputs: z.record(z.string(), z.string()).optional()
    .describe('Data of dram input tensors, by name: { "x": "data/x.npy" }; paths relative to the workspace.'),
  cores: z.int().min(1).max(8).optional().describe('Cores that run main (1 to 8); the program\'s `cores N` by default.'),
  passes: z.array(z.enum(['inline', 'dce', 'fuse', 'unroll', 'schedule'])).optional()
    .describe('Compiler passes to run first, in order.'),
  maxInstructions: z.int().min(1).max(Number.MAX_SAFE_INTEGER).optional()
    .describe('Instructions the run may execute before it faults with instruction-limit.'),
  timeoutSeconds,
};

export const BREAKPOINT = z.strictObject({
  line: z.int().min(1).max(LINE_LIMIT).optional().describe('A line of the file: stops before its instructions run.'),
  file: z.string().min(1).optional().describe('The file of the line (the program by default), relative to the workspace.'),
  function: z.string().min(1).optional().describe('A function name instead of a line: stops at its entry.'),
  condition: z.string().min(1).optional().describe('Stops only when this expression is non-zero (r0 == 3, acc[0, 0] > 1).'),
  hitCondition: z.string().min(1).optional().describe('Stops at the N-th hit (`5`, `>= 5`, `% 2`).'),
}).describe('A line breakpoint ({ "line": 21 }) or a function breakpoint ({ "function": "scale" }).');

const breakpoints = z.array(BREAKPOINT).max(1000);

export const EXCEPTION_FILTER_NAMES = ['assert', 'fault', 'uninitialized', 'nan', 'race'] as const;

export const TOOL_INPUTS = {
  bir_run: z.strictObject({
    ...launch,
    outDir: z.string().min(1).optional().describe('A folder (relative to the workspace) where output tensors are written as NAME.npy.'),
  }),
  bir_debug: z.strictObject({
    ...launch,
    breakpoints: breakpoints.optional().describe('Where to stop. Without any, the run stops only at a fault or a failed Assert.'),
    stopOnEntry: z.boolean().optional().describe('Stop before the first instruction.'),
    exceptions: z.array(z.enum(EXCEPTION_FILTER_NAMES)).optional()
      .describe('What faults stop the run: assert, fault and uninitialized by default; add nan to stop where NaN or infinity is made, race for cross-core races.'),
  }),
  bir_snapshot: z.strictObject({
    thread: z.int().min(1).max(8).optional().describe('The core to show, counted from 1 (the stopped one by default).'),
    cursor: z.string().min(1).optional().describe('The `more.cursor` of an earlier answer: the rest of its tensors.'),
  }),
  bir_evaluate: z.strictObject({
    expression: expression('An expression of the Debug Console: a tensor, an access pattern (acc[0:4, :]), an element, a register, arithmetic, functions (sum(x), max(x), allclose(a, b)).'),
    frame,
  }),
  bir_step: z.strictObject({
    action: z.enum(['over', 'into', 'out', 'back', 'back_into', 'back_out'])
      .describe('over, into, out: forward; back: the previous line of this frame; back_into: the previous line of any frame; back_out: back to the call that made this frame.'),
    granularity: z.enum(['line', 'instruction']).optional().describe('Step by line (the default) or by instruction.'),
    count: z.int().min(1).max(100).optional().describe('Steps to take (1 by default); stops early at a breakpoint, a fault or the end.'),
    thread: z.int().min(1).max(8).optional().describe('The core to step, counted from 1 (the stopped one by default).'),
    timeoutSeconds,
  }),
  bir_continue: z.strictObject({
    direction: z.enum(['forward', 'reverse']).optional()
      .describe('forward (the default) runs to the next breakpoint, fault or the end; reverse goes back to the previous breakpoint or fault, or the start.'),
    breakpoints: breakpoints.optional().describe('Replaces every breakpoint before continuing (an empty array removes them all).'),
    timeoutSeconds,
  }),
  bir_goto: z.strictObject({
    instructions: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional()
      .describe('Go to where this many instructions have run (all cores together), back or forward.'),
    lastWriteOf: z.string().min(1).optional()
      .describe('Or go back to just before the instruction that last wrote this element, slice, tensor or register.'),
  }),
  bir_history: z.strictObject({
    expression: expression('An element, a slice, a tensor or a register whose writes to list (acc[3, 7], acc[0, :], r2).'),
    frame,
    limit: z.int().min(1).max(100).optional().describe('The latest writes to list (20 by default).'),
    cursor: z.string().min(1).optional().describe('The `more.cursor` of an earlier answer: the writes before those.'),
  }),
  bir_why: z.strictObject({
    expression: expression('One element or a register: y[0, 3], r2.'),
    path: z.array(z.int().min(0)).max(64).optional()
      .describe('Follows the inputs back: each index picks an input of the answer before ([1]: where the second input came from).'),
    frame,
    cursor: z.string().min(1).optional().describe('The `more.cursor` of an earlier answer: the rest of its inputs.'),
  }),
  bir_compare: z.strictObject({
    expression: expression('The value to check: a tensor or an access pattern.'),
    reference: z.string().min(1).describe('A .npy file of the expected value, of the same shape (relative to the workspace).'),
    atol: z.number().min(0).optional().describe('Absolute tolerance (1e-8 by default), as numpy.isclose.'),
    rtol: z.number().min(0).optional().describe('Relative tolerance (1e-5 by default), as numpy.isclose.'),
    frame,
  }),
  bir_end: z.strictObject({}),
} as const;

export type ToolName = keyof typeof TOOL_INPUTS;
export type ToolInput<N extends ToolName> = z.infer<(typeof TOOL_INPUTS)[N]>;
export type Breakpoint = z.infer<typeof BREAKPOINT>;
