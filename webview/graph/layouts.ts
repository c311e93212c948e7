/**
 * Laying out what is open. A small graph: ELK's nested layout, in a worker (elk-runner.ts), with the list layout
 * shown meanwhile if ELK takes long. A large graph: its levels as kept (compose.ts; new ones placed at once), then
 * ELK's layout of the new levels when it comes. A layout that comes for a graph no longer on screen is dropped.
 */
import { Composer } from './compose';
import { Cancelled, layoutInWorker, layoutQueued } from './elk-runner';
import type { Viewport } from './interaction';
import { itemSize } from './items';
import { fallbackLayout, fromElk, Layout, toLayoutModel } from './layout';
import type { LayoutEngine, Shown } from './shown';

/** After this long without ELK's answer for a small graph, the list layout is shown until the answer comes. */
const FALLBACK_AFTER_MS = 300;

/** Where the layouts go (display.ts), and what follows them. */
export interface LayoutTarget {
  /** Whether `s` is still what is on screen. */
  isShown(s: Shown): boolean;
  present(s: Shown, layout: Layout, engine: LayoutEngine, t0: number): void;
  /** ELK's layout is about to replace the one on screen: what the user looks at stays where it is. */
  replacing(): void;
  /** ELK's layout of the whole is on screen. */
  laidOut(s: Shown, layout: Layout): void;
  /** The layouts' progress (`status`) changed. */
  progress(): void;
}

/** The width of the frame over its height, within the shapes a layout is made for. */
export function frameAspect(view: Viewport): number {
  const frame = view.frameSize();
  return Math.max(0.5, Math.min(4, frame.width / Math.max(1, frame.height)));
}

export class Layouts {
  /** What the layouts on their way are doing, or why one failed (for the status line); '' when done. */
  status = '';
  /** Counts the layouts asked for: an answer for an earlier one is dropped. */
  private seq = 0;
  /** Layouts of large graphs per view key (levels kept across expansions and stops). */
  private readonly composers = new Map<string, Composer>();

  constructor(private readonly view: Viewport, private readonly target: LayoutTarget) {}

  /** Nothing is to be shown: the layouts on their way are dropped. */
  cancel(): void {
    this.seq++;
  }

  /** The next layout of the key's large graph starts afresh (compactly, for an overview). */
  forget(key: string): void {
    this.composers.set(key, new Composer());
  }

  /** A small graph: ELK's nested layout of what is open, the list layout meanwhile if ELK takes long. */
  async small(s: Shown): Promise<void> {
    const seq = ++this.seq;
    const t0 = performance.now();
    const v = s.visible;
    const sizeOf = (i: number): { width: number; height: number } => itemSize(v, i);
    const model = toLayoutModel(v, { sizeOf });
    let fallbackShown = false;
    this.status = `Laying out ${v.nodes.length} nodes…`;
    this.target.progress();
    const timer = setTimeout(() => {
      if (seq !== this.seq) return;
      fallbackShown = true;
      this.target.present(s, fallbackLayout(v, sizeOf), 'fallback', t0);
    }, FALLBACK_AFTER_MS);
    try {
      const result = await layoutInWorker(model.elk);
      clearTimeout(timer);
      if (seq !== this.seq) return;
      this.status = '';
      if (fallbackShown) this.target.replacing();
      const layout = fromElk(v, model, result);
      this.target.present(s, layout, 'elk', t0);
      this.target.laidOut(s, layout);
    } catch (e) {
      clearTimeout(timer);
      if (e instanceof Cancelled || seq !== this.seq) return;
      this.status = `ELK could not lay out the graph (${e instanceof Error ? e.message : String(e)}): showing it as a list`;
      this.target.present(s, fallbackLayout(v, sizeOf), 'fallback', t0);
    }
    this.target.progress();
  }

  /** A large graph: its levels as kept (new ones placed at once), then ELK's layout of the new levels when it comes. */
  large(s: Shown): void {
    const seq = ++this.seq;
    const t0 = performance.now();
    let composer = this.composers.get(s.key);
    if (!composer) this.composers.set(s.key, (composer = new Composer()));
    const aspect = frameAspect(this.view);
    const first = composer.compose(s.visible, aspect);
    performance.measure('bir:compose', 'bir:show');
    this.target.present(s, first.layout, first.pending.length > 0 ? 'instant' : 'elk', t0);
    performance.measure('bir:present', 'bir:show');
    if (first.pending.length === 0) return;
    this.status = `Laying out ${first.pending.length} level${first.pending.length === 1 ? '' : 's'}…`;
    this.target.progress();
    const job = composer.job(s.visible, first.pending, aspect);
    const c = composer;
    layoutQueued(job.model).then((result) => {
      job.accept(result);
      if (seq !== this.seq || !this.target.isShown(s)) return;
      this.status = '';
      this.target.replacing();
      const next = c.compose(s.visible, aspect);
      this.target.present(s, next.layout, next.pending.length > 0 ? 'instant' : 'elk', t0);
      this.target.progress();
      if (next.pending.length > 0) this.large(s);
      else this.target.laidOut(s, next.layout);
    }, (e: unknown) => {
      if (seq !== this.seq) return;
      this.status = `ELK could not lay out part of the graph (${e instanceof Error ? e.message : String(e)})`;
      this.target.progress();
    });
  }
}
