/**
 * The documentation of opcodes and their attributes, from the engine's one record of each: the opcode records
 * (engine/ir/opcodes.ts: engine, summary) and the attributes the checker reads (engine/lang/check/instructions.ts).
 */
import { AttrSpec, ATTRIBUTES } from '../engine/lang/check/instructions';
import { isInstructionOpcode, OPCODES } from '../engine/ir/opcodes';

const NONE: Readonly<Record<string, AttrSpec>> = {};

/** The attributes of an opcode (none for an unknown one or for `Set`). */
export function attributesOf(opcode: string): Readonly<Record<string, AttrSpec>> {
  return isInstructionOpcode(opcode) ? ATTRIBUTES[opcode] : NONE;
}

/** Whether an opcode's attribute takes a word (`func = relu`) rather than an expression of names. */
export function wordAttribute(opcode: string, attribute: string): boolean {
  return attributesOf(opcode)[attribute]?.kind === 'word';
}

/** Markdown for an opcode: its engine and summary, and its attributes. */
export function opcodeMarkdown(opcode: string): string | undefined {
  const info = OPCODES.get(opcode);
  if (!info) return undefined;
  const attrs = Object.entries(attributesOf(opcode)).map(([name, a]) => `- \`${name}\`: ${attributeLine(a)}`);
  return [`**${info.name}** [${info.engine}]: ${info.summary}`, ...(attrs.length ? ['', 'Attributes:', ...attrs] : [])].join('\n');
}

/** Markdown for one attribute of an opcode. */
export function attributeMarkdown(opcode: string, attribute: string): string | undefined {
  const a = attributesOf(opcode)[attribute];
  return a && `\`${attribute}\`, an attribute of **${opcode}**: ${attributeLine(a)}`;
}

/** What an attribute takes, in one line. */
export function attributeLine(a: AttrSpec): string {
  const takes = a.kind === 'word' ? `one of ${(a.words ?? []).map((w) => `\`${w}\``).join(' ')}`
    : a.kind === 'scalar' ? 'a number, a register or a constant'
      : a.kind === 'column' ? 'a [P, 1] tensor it writes'
        : a.kind === 'mask' ? 'a predicate over the destination\'s indices `p`, `f` (`f0`..`f3`): comparisons joined by `&&`, as `p < r1 && f >= 8`; masked-out elements are not written'
          : 'a number, a register or a [P, 1] tensor (a value per partition)';
  return `${takes}${a.required ? ' (required)' : ''}`;
}
