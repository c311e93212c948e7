/**
 * The seam between the run loop and a debugger. The debug loop calls these in a documented order:
 *
 *   per core, per node:   [onRegionExit / onReturn as regions and activations finish]
 *                         [onRegionEnter for the next loop iteration]
 *                         beforeNode                      (may stop: the node has not run)
 *                         the node runs; a `call` then fires onCall, a loop entry or a taken branch onRegionEnter
 *                         afterNode                       (may stop: the node has run; data breakpoints)
 *   on a fault:           onFault                         (may stop: the node has not completed)
 *   at the end of main:   onReturn, then onCoreExit
 *
 * Hooks never change the program's state; they only decide whether to stop.
 */
import { Node } from '../ir/program';
import { Core, Frame, RegionCursor } from '../machine/core';
import { Fault } from '../machine/fault';

export interface ExecutionHooks {
  /** Before `node` runs on `core` in `frame`. True stops the run before it. */
  beforeNode(core: Core, frame: Frame, node: Node): boolean;
  /**
   * After `node` ran (completely) on `core`; `frame` is the frame it ran in. True stops the run there: resuming goes on
   * with the next core's turn, whose node the hooks are asked about as usual. Optional: only data breakpoints stop after.
   */
  afterNode?(core: Core, frame: Frame, node: Node): boolean;
  /** A new activation was pushed and its body cursor placed; its first node has not run. */
  onCall(core: Core, frame: Frame): void;
  /** An activation ends (return, end of body, or unwinding after a fault); the frame is still on the stack. */
  onReturn(core: Core, frame: Frame): void;
  /** A loop iteration or a branch arm begins. */
  onRegionEnter(core: Core, frame: Frame, cursor: RegionCursor): void;
  /** A loop iteration or a branch arm ends. */
  onRegionExit(core: Core, frame: Frame, cursor: RegionCursor): void;
  /** A fault while `node` ran. True stops the run there. */
  onFault(core: Core, frame: Frame, node: Node, fault: Fault): boolean;
  /** The core's `main` returned (optional: the debugger learns the end of the program from the run's outcome). */
  onCoreExit?(core: Core): void;
}
