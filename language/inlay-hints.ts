/**
 * Inlay hints: where each on-chip allocation of the last checked program lives, at the end of its declaration
 * (`sbuf out : f32[TM, TN]  ▸ SBUF partitions 0–127, bytes 512–1023`), so that a kernel's layout in SBUF and PSUM
 * reads beside its code. VS Code's `editor.inlayHints.enabled` (per language: `"[bir]"`) turns them off.
 */
import type { InlayHint, Range } from 'vscode-languageserver';
import { InlayHintKind } from 'vscode-languageserver';
import type { Program } from '../engine/ir/program';
import { memoryPlace, placementBox } from './placement-text';

export function inlayHints(program: Program | undefined, file: string, range: Range): InlayHint[] {
  if (!program) return [];
  const hints: InlayHint[] = [];
  for (const fn of program.functions.values()) {
    for (const a of fn.allocs) {
      const { span } = a;
      if (span.file !== file || span.endLine - 1 < range.start.line || span.endLine - 1 > range.end.line) continue;
      hints.push({
        position: { line: span.endLine - 1, character: span.endCol - 1 },
        label: `${memoryPlace(a)} ${placementBox(a)}`,
        kind: InlayHintKind.Type,
        paddingLeft: true,
        tooltip: `${a.placement.bytesPerPartition.toLocaleString('en-US')} bytes in each of ${a.placement.partitions} partitions, from the start of ${fn.name}'s frame`,
      });
    }
  }
  return hints.sort((x, y) => x.position.line - y.position.line);
}
