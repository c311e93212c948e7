/**
 * Inlay hints of the last checked program: where each on-chip allocation lives, at the end of its declaration
 * (`sbuf out : f32[TM, TN]  ▸ SBUF partitions 0–127, bytes 512–1023`), so that a kernel's layout in SBUF and PSUM
 * reads beside its code; and after each operand that indexes or views its tensor, the type of what it denotes
 * (`x[r0*TM : r0*TM+TM, 0:K].T f32[128, 128]`; a dimension that depends on registers is `?`). The settings
 * `bir.inlayHints.placements` and `bir.inlayHints.operandShapes` turn each kind off (hint-settings.ts), VS Code's
 * `editor.inlayHints.enabled` (per language: `"[bir]"`) all of them.
 */
import type { InlayHint, Range } from 'vscode-languageserver';
import { InlayHintKind } from 'vscode-languageserver';
import { NODE_INSTR } from '../engine/ir/code';
import type { AccessPattern, InstrNode, Program } from '../engine/ir/program';
import { memoryPlace, placementBox } from './placement-text';
import { ALL_HINTS, HintKinds } from './hint-settings';

export function inlayHints(program: Program | undefined, file: string, range: Range, kinds: HintKinds = ALL_HINTS): InlayHint[] {
  if (!program) return [];
  const hints: InlayHint[] = kinds.operandShapes ? operandShapes(program, file, range) : [];
  if (kinds.placements) hints.push(...placements(program, file, range));
  return hints.sort((x, y) => x.position.line - y.position.line);
}

/** Where each allocation declared on the lines asked for lives, at the end of its declaration. */
function placements(program: Program, file: string, range: Range): InlayHint[] {
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
  return hints;
}

/** The type of each operand that indexes or views its tensor, in the instructions of the lines asked for. */
function operandShapes(program: Program, file: string, range: Range): InlayHint[] {
  const code = program.code;
  const hints: InlayHint[] = [];
  // Rows are read without making nodes: only the instructions on the lines asked for become objects.
  for (let i = 0; i < code.length; i++) {
    if (code.kindAt(i) !== NODE_INSTR) continue;
    const line = code.lineOf(i) - 1;
    if (line < range.start.line || line > range.end.line || code.fileAt(i) !== file) continue;
    const node = code.node(i);
    if (node.kind !== 'instr') continue;
    for (const ap of viewedOperands(node)) {
      hints.push({
        position: { line: ap.span.endLine - 1, character: ap.span.endCol - 1 },
        label: `${ap.dtype}[${ap.shape.map((d) => d ?? '?').join(', ')}]`,
        kind: InlayHintKind.Type,
        paddingLeft: true,
      });
    }
  }
  return hints;
}

/** The operands whose text indexes or views a tensor (a bare name's type is its declaration's). */
function viewedOperands(node: InstrNode): AccessPattern[] {
  const operands = [node.dst, ...node.srcs, ...[...node.attrs.values()].map((v) => (v.kind === 'operand' ? v.operand : undefined))];
  const out: AccessPattern[] = [];
  for (const o of operands) {
    if (o?.kind !== 'tensor') continue;
    const ap = o.ap;
    if (ap.items.length > 0 || ap.transpose || ap.bcast || ap.bitcast || (ap.steps?.length ?? 0) > 0) out.push(ap);
  }
  return out;
}
