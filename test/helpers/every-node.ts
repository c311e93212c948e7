import { ExecutionHooks } from '../../engine/run/hooks';

/** Stops before every node: the plain run the walk is compared with. */
export class EveryNode implements ExecutionHooks {
  beforeNode(): boolean {
    return true;
  }
  onCall(): void {}
  onReturn(): void {}
  onRegionEnter(): void {}
  onRegionExit(): void {}
  onFault(): boolean {
    return false;
  }
}
