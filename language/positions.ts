/**
 * Between the engine's positions (1-based lines and columns, a span's end column past its last character) and the
 * protocol's (0-based lines and UTF-16 characters, an exclusive end), and between files and URIs.
 */
import { fileURLToPath, pathToFileURL } from 'url';
import type { Position, Range } from 'vscode-languageserver';
import { Span } from '../engine/base/span';

export function toRange(span: Span): Range {
  const start = { line: Math.max(span.line - 1, 0), character: Math.max(span.col - 1, 0) };
  const end = { line: Math.max(span.endLine - 1, 0), character: Math.max(span.endCol - 1, 0) };
  return { start, end: end.line < start.line || (end.line === start.line && end.character < start.character) ? start : end };
}

/** The engine's line and column of a protocol position. */
export function toLineCol(p: Position): { line: number; col: number } {
  return { line: p.line + 1, col: p.character + 1 };
}

/** The file of a `file:` URI; undefined for another scheme (an untitled buffer, a virtual document). */
export function fileOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** URIs made so far: pathToFileURL costs about a microsecond, and references list a file's URI once per location. */
const uris = new Map<string, string>();
const KEPT_URIS = 10_000;

export function uriOf(file: string): string {
  let uri = uris.get(file);
  if (uri === undefined) {
    if (uris.size >= KEPT_URIS) uris.clear();
    uri = pathToFileURL(file).toString();
    uris.set(file, uri);
  }
  return uri;
}
