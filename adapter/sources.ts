/**
 * The DAP sources of a session. A program's files are paths on this disk; the files of a post-mortem dump that this
 * disk does not have as they were get a sourceReference, and the client asks for their text (`source` request), so
 * that a dump opened on another machine still shows the lines it stopped at.
 */
import * as path from 'path';
import { Source } from '@vscode/debugadapter';

export class SourceTable {
  private readonly references = new Map<string, number>();
  private readonly texts: string[] = [];

  /** `texts`: the files the client cannot read from the disk, by path. */
  constructor(texts: Readonly<Record<string, string>> = {}) {
    for (const [file, text] of Object.entries(texts)) {
      this.texts.push(text);
      this.references.set(file, this.texts.length);
    }
  }

  source(file: string): Source {
    const reference = this.references.get(file);
    if (reference === undefined) return new Source(path.basename(file), file);
    // The text is the dump's, not the disk's: the client shows it read-only, marked with where it came from.
    return new Source(path.basename(file), file, reference, 'post-mortem dump');
  }

  /** The text of a source: by its reference, or by the path of a file that has one. */
  text(reference: number, file?: string): string | undefined {
    const n = reference > 0 ? reference : file !== undefined ? this.references.get(file) : undefined;
    return n === undefined ? undefined : this.texts[n - 1];
  }
}
