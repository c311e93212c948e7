/**
 * Step policies: a step resumes the program and stops at the first node that satisfies a predicate over the
 * frame it would run in. A frame is what the stack shows when the step starts (frames of functions or of
 * subgraphs); a line step is defined by a frame *entering* a line (it was not on that line before).
 *
 *   over, by line:        the stepped frame enters a line, or a frame at its depth or shallower runs a node
 *   in, by line:          the stepped frame enters a line, or any other frame runs a node
 *   out:                  a frame shallower than the stepped one runs a node
 *   over, by instruction: the next node in the stepped frame or at its depth or shallower
 *   in, by instruction:   the next node
 *
 * Steps apply to the core they were asked for; other cores run along and may hit breakpoints.
 */
import { FramesMode, StepGranularity } from '../protocol/types';
import { Node } from '../ir/program';
import { Core, Frame } from '../machine/core';

export type StepKind = 'over' | 'in' | 'out';

/** Identity and depth of the frame a node runs in, in one frames mode. */
export interface FramePosition {
  readonly identity: number;
  readonly depth: number;
}

export class StepPolicy {
  constructor(
    readonly kind: StepKind,
    readonly granularity: StepGranularity,
    readonly core: number,
    readonly mode: FramesMode,
    readonly start: FramePosition,
    /** For step-in targets: stop only on entering this function's activation (or when the step leaves). */
    readonly targetFunction?: string,
    /**
     * The node the stepped core was about to run when the step began, when the stop was another core's: the step
     * runs it first (as the stopped core runs its own) instead of stopping before it again.
     */
    private startNode?: Node,
  ) {}

  /** Whether to stop before `node`, which runs at `position` on `core`; `enters` says whether it enters a line. */
  shouldStop(core: Core, position: FramePosition, frame: Frame, enters: boolean, node?: Node): boolean {
    if (core.index !== this.core) return false;
    if (this.startNode) {
      const first = this.startNode.index === node?.index;
      this.startNode = undefined;
      if (first) return false;
    }
    const same = position.identity === this.start.identity;
    switch (this.kind) {
      case 'out':
        return position.depth < this.start.depth;
      case 'over':
        if (this.granularity === 'instruction') return same || position.depth <= this.start.depth;
        return same ? enters : position.depth <= this.start.depth;
      case 'in':
        if (this.targetFunction !== undefined) return this.inTarget(position, frame, enters);
        if (this.granularity === 'instruction') return true;
        return same ? enters : true;
    }
  }

  /** Step into a chosen call: stop in that callee, or like a step over when the line ends without it. */
  private inTarget(position: FramePosition, frame: Frame, enters: boolean): boolean {
    if (position.depth > this.start.depth) return frame.fn.fullName === this.targetFunction && !frame.started;
    return position.identity === this.start.identity ? enters : true;
  }
}
