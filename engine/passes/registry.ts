/**
 * The compiler passes: one record each. Their names, the `PassName` type and `isPassName` derive from here; the
 * launch attribute `passes` in package.json and the language reference are compared with it by
 * test/unit/records.test.ts. The order is that of the full pipeline.
 */
import { Program } from '../ir/program';
import { dcePass } from './dce';
import { fusePass } from './fuse';
import { inlinePass } from './inline';
import { hasNodeOfKind, PassOutcome } from './pass';
import { RewriteLimits } from './rewrite-counter';
import { schedulePass } from './schedule';
import { unrollPass } from './unroll';

export interface PassInfo {
  readonly name: string;
  /** What it does, in one line (the language reference's table says it at length). */
  readonly summary: string;
  /** Runs it; `limits` makes only the first rewrites (a budget) and records what each was (rewrite-counter.ts). */
  readonly run: (program: Program, limits?: RewriteLimits) => PassOutcome;
  /**
   * False when the pass surely finds nothing to do (inline without a call, unroll without a loop): the pipeline then
   * shares the program instead of copying it to learn so.
   */
  readonly applies: (program: Program) => boolean;
  /**
   * Whether the pass must always run, whole (a lowering the later code needs): the bisection then runs it in every
   * trial and never blames its rewrites. None of the project's passes is: each one only optimizes.
   */
  readonly alwaysRuns: boolean;
  /**
   * What became of a line whose every instruction the pass took away, for the debugger's explanations: removed
   * (the line is not executed), rewritten into other code, or run inside a group.
   */
  readonly lineGone: (line: number, reason: string) => string;
}

const notExecuted = (pass: string) => (line: number, reason: string): string => `line ${line} is not executed: ${reason} (removed by pass '${pass}')`;
const rewritten = (pass: string) => (line: number, reason: string): string => `line ${line} was rewritten: ${reason} (pass '${pass}')`;

const always = (): boolean => true;

export const PASSES = [
  { name: 'inline', summary: 'copies small functions into their callers', run: inlinePass, applies: (p) => hasNodeOfKind(p, 'call'), alwaysRuns: false, lineGone: rewritten('inline') },
  { name: 'dce', summary: 'removes instructions whose results nothing reads', run: dcePass, applies: always, alwaysRuns: false, lineGone: notExecuted('dce') },
  { name: 'fuse', summary: 'runs chains of elementwise instructions on one engine as one group', run: fusePass, applies: always, alwaysRuns: false, lineGone: (line, reason) => `line ${line} does not run on its own: ${reason} (pass 'fuse')` },
  { name: 'unroll', summary: 'repeats the body of short loops with constant bounds in place of the loop', run: unrollPass, applies: (p) => hasNodeOfKind(p, 'for'), alwaysRuns: false, lineGone: rewritten('unroll') },
  { name: 'schedule', summary: 'reorders independent instructions so that consecutive ones use different engines', run: schedulePass, applies: always, alwaysRuns: false, lineGone: notExecuted('schedule') },
] as const satisfies readonly PassInfo[];

export type PassName = (typeof PASSES)[number]['name'];

export const PASS_NAMES: readonly PassName[] = PASSES.map((p) => p.name);

const BY_NAME: ReadonlyMap<string, PassInfo> = new Map(PASSES.map((p) => [p.name, p]));

/** How every refusal of a name that is not a pass words it. */
export function unknownPass(name: string): string {
  return `unknown pass '${name}' (passes: ${PASS_NAMES.join(', ')})`;
}

export function isPassName(name: string): name is PassName {
  return BY_NAME.has(name);
}

export function passNamed(name: PassName): PassInfo {
  return BY_NAME.get(name)!;
}
