/**
 * Rewrite counters, as MLIR's debug counters: a pass counts each of its individual rewrites (an inlined call, an
 * unrolled loop, a fused group, a moved instruction, a removed dead instruction) in the order it makes them, and can
 * be given a budget: only the first K are made, the rest are passed over as if the pass had not found them (what it
 * would have rewritten stays as it was; once the budget is spent a pass stops looking). The first K rewrites under a budget are the first K of the pass without one,
 * because a pass decides each rewrite from what it did before, never from what comes after: the bisection
 * (diff/bisect.ts) relies on it. What each rewrite was (in words, with its place in the source) is recorded only when
 * asked for, so that a pipeline run without a bisection pays one comparison per rewrite.
 */
import { Span } from '../base/span';
import { Node } from '../ir/program';

/** One rewrite a pass made. */
export interface Rewrite {
  /** Its place in the pass's order, from 0. */
  readonly index: number;
  /** In the user's words: `inlined the call of 'm::f'`. */
  readonly what: string;
  /** Where the rewritten code was written. */
  readonly span: Span;
  /** The id of the node it rewrote (the call, the loop, the group's tail, the moved or the removed instruction). */
  readonly node: string;
}

/**
 * TEST ONLY: plants a wrong rewrite. Called with every rewrite a pass makes, the nodes that take its place (none for
 * a removal) and the nodes it rewrote; returns the nodes to put in their place. Nothing in the product sets it: the
 * bisection's tests corrupt one rewrite whose index they know and check that the bisection blames it.
 */
export type Tamper = (rewrite: Rewrite, placed: readonly Node[], rewritten: readonly Node[]) => readonly Node[];

export interface RewriteLimits {
  /** How many rewrites to make (the first ones, in the pass's order); all when undefined. */
  readonly budget?: number;
  /** Whether to record what each rewrite was (`Rewrite.what`): the bisection asks for it, a plain pipeline does not. */
  readonly record?: boolean;
  /** Test only: see `Tamper`. */
  readonly tamper?: Tamper;
}

/** What a pass reports of its rewrites. */
export interface RewriteTally {
  /** Rewrites made. */
  readonly made: number;
  /** What each rewrite made was, when recording was asked for. */
  readonly rewrites?: readonly Rewrite[];
}

export class RewriteCounter {
  private made = 0;
  private readonly rewrites: Rewrite[] | undefined;
  private last: Rewrite | undefined;

  constructor(private readonly limits: RewriteLimits = {}) {
    this.rewrites = limits.record || limits.tamper ? [] : undefined;
  }

  /**
   * Whether the pass may make the rewrite it found at `node`; when it may, the rewrite is counted (and recorded:
   * `what` is asked only then). A pass that is told no leaves the code as it is.
   */
  allow(node: { readonly id: string; readonly span: Span }, what: () => string): boolean {
    if (this.exhausted) return false;
    const index = this.made++;
    if (this.rewrites) {
      this.last = { index, what: what(), span: node.span, node: node.id };
      this.rewrites.push(this.last);
    }
    return true;
  }

  /**
   * Whether the budget is spent: no rewrite will be allowed, so a pass may stop looking for them (a bisection's
   * trials then cost less the earlier their budget ends). Never true without a budget.
   */
  get exhausted(): boolean {
    return this.limits.budget !== undefined && this.made >= this.limits.budget;
  }

  /** The nodes that take the place of the rewrite just allowed: those given, unless a test tampers with them. */
  placed<T extends Node>(placed: readonly T[], rewritten: readonly Node[]): readonly T[] {
    const tamper = this.limits.tamper;
    if (!tamper || !this.last) return placed;
    return tamper(this.last, placed, rewritten) as readonly T[];
  }

  tally(): RewriteTally {
    return { made: this.made, rewrites: this.limits.record ? this.rewrites : undefined };
  }
}
