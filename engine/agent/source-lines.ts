/**
 * The text of a source line, for the snapshot's location: the files of a session are read once each, when a stop
 * first lands in them, through the engine's own reader (regular files only, within its limit).
 */
import { readTextFile } from '../io/read-file';

/** As the checker reads sources: a file it checked is never refused here. */
const SOURCE_LIMIT = { bytes: 256 * 1024 * 1024, what: 'a BIR source file' };

export class SourceLines {
  private readonly files = new Map<string, readonly string[] | undefined>();

  /** Line `line` (from 1) of a file, without its indentation; undefined when the file cannot be read. */
  line(file: string, line: number): string | undefined {
    if (!this.files.has(file)) this.files.set(file, this.read(file));
    return this.files.get(file)?.[line - 1]?.trim();
  }

  private read(file: string): readonly string[] | undefined {
    try {
      return readTextFile(file, SOURCE_LIMIT).split(/\r?\n/);
    } catch {
      return undefined;
    }
  }
}
