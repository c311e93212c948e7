/**
 * Go to Definition and Declaration, Find All References and document highlight: an occurrence's declaration, found in
 * the file's index or, for `m::f` and `m`, in the imported file's; references in the file and in the files that import
 * it (the only places a function or a module can be named from).
 */
import type { DocumentHighlight, Location } from 'vscode-languageserver';
import { DocumentHighlightKind } from 'vscode-languageserver';
import { Span } from '../engine/base/span';
import { FileIndex } from './file-index';
import { LocationList } from './location-list';
import { toRange, uriOf } from './positions';
import { DeclRef, Workspace } from './workspace';

/** The declaration named at a position of a file, with the occurrence there. */
export function declarationAt(ws: Workspace, file: string, line: number, col: number): (DeclRef & { occurrence: number; at: FileIndex }) | undefined {
  const index = ws.index(file);
  if (!index) return undefined;
  const occurrence = index.occurrenceAt(line, col);
  if (occurrence === undefined) return undefined;
  const ref = ws.resolve(index, occurrence);
  return ref && { ...ref, occurrence, at: index };
}

export function definition(ws: Workspace, file: string, line: number, col: number): Location | undefined {
  const index = ws.index(file);
  const imported = index?.imports.find((i) => inside(i.pathSpan, line, col));
  if (imported) return ws.index(imported.file) ? { uri: uriOf(imported.file), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } : undefined;
  const ref = declarationAt(ws, file, line, col);
  return ref && { uri: uriOf(ref.index.file), range: toRange(ref.decl.nameSpan) };
}

/** The occurrences that name a declaration, its own name included, in each file that can name it. */
export function referenceOccurrences(ws: Workspace, ref: DeclRef): { index: FileIndex; occurrences: number[] }[] {
  const out = [{ index: ref.index, occurrences: ref.index.occurrencesOf(ref.decl.id) }];
  if (ref.decl.kind === 'function' || ref.decl.kind === 'module') {
    const name = ref.decl.kind === 'function' ? ref.decl.name : undefined;
    for (const importer of ws.importers(ref.index.file)) {
      for (const target of importer.externalTargets(ref.index.moduleName, name)) {
        // The importer names the module it imports by its name: only when that name leads to this file.
        if (ws.moduleFile(importer, ref.index.moduleName)?.file !== ref.index.file) continue;
        out.push({ index: importer, occurrences: importer.occurrencesOf(target) });
      }
    }
  }
  return out;
}

/** Every span that names a declaration, its own name included, across the files that can name it. */
export function referenceSpans(ws: Workspace, ref: DeclRef): { index: FileIndex; span: Span }[] {
  return referenceOccurrences(ws, ref).flatMap(({ index, occurrences }) => occurrences.map((i) => ({ index, span: index.occurrence(i).span })));
}

/**
 * The places that name what the position names, as a LocationList: a name used 100,000 times is answered from the
 * index's columns, with no object per place (location-list.ts).
 */
export function references(ws: Workspace, file: string, line: number, col: number, includeDeclaration: boolean): LocationList {
  const out = new LocationList();
  const ref = declarationAt(ws, file, line, col);
  if (!ref) return out;
  for (const { index, occurrences } of referenceOccurrences(ws, ref)) {
    const uri = uriOf(index.file);
    for (const i of occurrences) {
      const r = index.occurrenceRange(i);
      if (!includeDeclaration && index === ref.index && r.line === ref.decl.nameSpan.line && r.col === ref.decl.nameSpan.col) continue;
      // (the protocol's 0-based positions, as toRange makes them of a span on one line)
      const start = Math.max(r.col - 1, 0);
      out.push(uri, Math.max(r.line - 1, 0), start, Math.max(r.end - 1, start));
    }
  }
  return out;
}

/** The occurrences in this file of what the position names; its declaration and assignments are writes. */
export function highlights(ws: Workspace, file: string, line: number, col: number): DocumentHighlight[] {
  const ref = declarationAt(ws, file, line, col);
  if (!ref) return [];
  return referenceSpans(ws, ref)
    .filter((r) => r.index.file === file)
    .map((r) => ({ range: toRange(r.span), kind: r.index === ref.index && sameStart(r.span, ref.decl.nameSpan) ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
}

export function inside(span: Span, line: number, col: number): boolean {
  if (line < span.line || line > span.endLine) return false;
  if (line === span.line && col < span.col) return false;
  return !(line === span.endLine && col > span.endCol);
}

function sameStart(a: Span, b: Span): boolean {
  return a.line === b.line && a.col === b.col;
}
