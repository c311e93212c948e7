/**
 * The checker's diagnostics of a program, kept with what the check read (the text of every file, whether each file it
 * looked for exists): asked again while all of that is the same — F5 right after the Problems view was filled for the
 * open file — the program is not checked a second time, which on a big program is most of the time F5 takes in the
 * extension. Only diagnostics are kept, never the checked program (about a kilobyte per line).
 */
import { checkProgram, SourceHost } from '../engine/lang/check/checker';
import { Diagnostic } from '../engine/lang/diagnostics';

interface Kept {
  readonly texts: ReadonlyMap<string, string | undefined>;
  readonly exists: ReadonlyMap<string, boolean>;
  readonly diagnostics: readonly Diagnostic[];
}

export class CheckCache {
  private readonly kept = new Map<string, Kept>();

  /** `limit`: the programs remembered, the least recently checked forgotten first. */
  constructor(private readonly limit = 16) {}

  diagnostics(entry: string, host: SourceHost): readonly Diagnostic[] {
    const kept = this.kept.get(entry);
    if (kept && unchanged(kept, host)) return kept.diagnostics;
    const texts = new Map<string, string | undefined>();
    const exists = new Map<string, boolean>();
    const recording: SourceHost = {
      readText: (f) => {
        const text = host.readText(f);
        texts.set(f, text);
        return text;
      },
      exists: (f) => {
        const there = host.exists(f);
        exists.set(f, there);
        return there;
      },
    };
    const { diagnostics } = checkProgram(entry, { host: recording });
    this.kept.delete(entry);
    this.kept.set(entry, { texts, exists, diagnostics });
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
    return diagnostics;
  }
}

function unchanged(kept: Kept, host: SourceHost): boolean {
  for (const [file, there] of kept.exists) if (host.exists(file) !== there) return false;
  for (const [file, text] of kept.texts) if (host.readText(file) !== text) return false;
  return true;
}
