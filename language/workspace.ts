/**
 * The files the server knows: the editor's open documents (their unsaved text first), the .bir files of the
 * workspace's folders, and the files they import. Each file's index is made when first asked for and kept while its
 * text stays the same (an open document's version, a file's size and time on disk); after an edit of instruction
 * lines, it is made from the one before (index-update.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import { diskHost, SourceHost } from '../engine/lang/check/checker';
import { Declaration, FileIndex, indexFile } from './file-index';
import { updatedIndex } from './index-update';

/** A declaration of a file. */
export interface DeclRef { readonly index: FileIndex; readonly decl: Declaration }

/** Folders deeper than this, and more files than this, are not scanned for .bir files. */
const SCAN_DEPTH = 12;
const SCAN_FILES = 20_000;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);

interface Kept { readonly key: string; readonly index: FileIndex }

export class Workspace {
  private readonly open = new Map<string, { text: string; version: number }>();
  private readonly known = new Set<string>();
  private readonly kept = new Map<string, Kept>();
  private readonly disk = diskHost();

  /** Adds the .bir files under each folder to the files known (references and workspace symbols look there). */
  addFolders(folders: readonly string[]): void {
    for (const folder of folders) this.scan(folder, 0);
  }

  setOpen(file: string, text: string, version: number): void {
    this.open.set(file, { text, version });
    this.known.add(file);
  }

  close(file: string): void {
    this.open.delete(file);
  }

  /** A file changed, appeared or went away on disk. */
  changedOnDisk(file: string): void {
    this.kept.delete(file);
    if (fs.existsSync(file)) this.known.add(file);
    else if (!this.open.has(file)) this.known.delete(file);
  }

  openFiles(): string[] {
    return [...this.open.keys()];
  }

  isOpen(file: string): boolean {
    return this.open.has(file);
  }

  /** The files known, open or not. */
  files(): string[] {
    return [...this.known];
  }

  /** Open documents first, then the disk: what the checker reads, so that imports are checked as the user sees them. */
  host(): SourceHost {
    return {
      readText: (f) => this.open.get(f)?.text ?? this.disk.readText(f),
      exists: (f) => this.open.has(f) || this.disk.exists(f),
    };
  }

  text(file: string): string | undefined {
    return this.open.get(file)?.text ?? this.disk.readText(file);
  }

  /** One line of a file (1-based), found without splitting the whole text: completion, hover and signature help ask at each keystroke. */
  lineText(file: string, line: number): string | undefined {
    const text = this.text(file);
    if (text === undefined) return undefined;
    let start = 0;
    for (let l = 1; l < line; l++) {
      const next = text.indexOf('\n', start);
      if (next < 0) return undefined;
      start = next + 1;
    }
    const end = text.indexOf('\n', start);
    return text.slice(start, end < 0 ? undefined : end);
  }

  /** The index of a file as it is now, or undefined when it cannot be read. */
  index(file: string): FileIndex | undefined {
    const key = this.keyOf(file);
    if (key === undefined) return undefined;
    const kept = this.kept.get(file);
    if (kept?.key === key) return kept.index;
    const text = this.text(file);
    if (text === undefined) return undefined;
    // An edit of instruction lines updates the index of the text before it: the whole build takes half a second at 100,000 lines.
    const index = (kept && updatedIndex(kept.index, text)) ?? indexFile(file, text);
    this.kept.set(file, { key, index });
    this.known.add(file);
    return index;
  }

  /** The file a module name means in `from` (its own module, or one it imports). */
  moduleFile(from: FileIndex, module: string): FileIndex | undefined {
    if (module === from.moduleName) return from;
    for (const imp of from.imports) {
      const target = this.index(imp.file);
      if (target?.moduleName === module) return target;
    }
    return undefined;
  }

  /** The known files that import `file`. */
  importers(file: string): FileIndex[] {
    const out: FileIndex[] = [];
    for (const f of this.known) {
      if (f === file) continue;
      const index = this.index(f);
      if (index?.imports.some((i) => i.file === file)) out.push(index);
    }
    return out;
  }

  /** What an occurrence names, across files. */
  resolve(index: FileIndex, occurrence: number): DeclRef | undefined {
    const target = index.target(occurrence);
    if (target >= 0) return { index, decl: index.decls[target] };
    const external = index.externals[-1 - target];
    const file = this.moduleFile(index, external.module);
    if (!file) return undefined;
    const decl = external.name === undefined ? file.decls[file.moduleDecl] : file.topLevel().find((d) => d.kind === 'function' && d.name === external.name);
    return decl && { index: file, decl };
  }

  private keyOf(file: string): string | undefined {
    const open = this.open.get(file);
    if (open) return `open:${open.version}`;
    try {
      const stat = fs.statSync(file);
      return stat.isFile() ? `disk:${stat.size}:${stat.mtimeMs}` : undefined;
    } catch {
      return undefined;
    }
  }

  private scan(folder: string, depth: number): void {
    if (depth > SCAN_DEPTH || this.known.size >= SCAN_FILES) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(folder, e.name);
      if (e.isDirectory() && !SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.')) this.scan(full, depth + 1);
      else if (e.isFile() && e.name.endsWith('.bir')) this.known.add(full);
    }
  }
}
