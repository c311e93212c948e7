/**
 * bir-sim run's progress bar: on a terminal only (standard error is a TTY), for runs longer than a second, drawn by
 * cli-progress: the instructions executed, with a bar and a percentage when the program says ahead how many it runs
 * (engine/ir/dynamic-count.ts). Cleared before the run's summary; never written to a file or a pipe.
 */
import { performance } from 'perf_hooks';
import { Presets, SingleBar } from 'cli-progress';

/** How long a run goes before the bar shows. */
export const BAR_AFTER_MS = 1000;

export interface ProgressBar {
  /** After a slice of the run. */
  update(instructions: number): void;
  /** The run ended: the bar goes away (the summary follows). */
  stop(): void;
}

/** A bar on `stream` when it is a terminal; `now` is the clock (injected by tests). */
export function progressBar(stream: NodeJS.WriteStream | undefined, total: number | undefined, now: () => number = () => performance.now()): ProgressBar | undefined {
  if (!stream?.isTTY) return undefined;
  const began = now();
  let bar: SingleBar | undefined;
  return {
    update(instructions) {
      if (!bar) {
        if (now() - began < BAR_AFTER_MS) return;
        const format = total === undefined ? 'running {value} instructions' : 'running {bar} {percentage}% | {value} of {total} instructions';
        bar = new SingleBar({ stream, format, clearOnComplete: true, hideCursor: true, formatValue: (v) => v.toLocaleString('en-US') }, Presets.shades_classic);
        bar.start(total ?? 0, instructions);
        return;
      }
      bar.update(instructions);
    },
    stop() {
      bar?.stop();
    },
  };
}
