/**
 * Which kinds of inlay hints the user wants: the settings `bir.inlayHints.placements` and
 * `bir.inlayHints.operandShapes` (default on), read from the editor with `workspace/configuration` at each request
 * when the editor answers it (VS Code does; nvim answers from its `settings` table), all on otherwise. The values at
 * line ends have their own setting, which the extension applies (it tells no stop when it is off).
 */
import type { Connection } from 'vscode-languageserver';

export interface HintKinds {
  readonly placements: boolean;
  readonly operandShapes: boolean;
}

export const ALL_HINTS: HintKinds = { placements: true, operandShapes: true };

/** The kinds for a document; a setting that is not a boolean, or an editor that cannot say, leaves a kind on. */
export async function hintKinds(connection: Connection, asks: boolean, uri: string): Promise<HintKinds> {
  if (!asks) return ALL_HINTS;
  try {
    const section: unknown = await connection.workspace.getConfiguration({ scopeUri: uri, section: 'bir.inlayHints' });
    const read = (key: keyof HintKinds): boolean => {
      const v = section !== null && typeof section === 'object' ? (section as Record<string, unknown>)[key] : undefined;
      return typeof v === 'boolean' ? v : true;
    };
    return { placements: read('placements'), operandShapes: read('operandShapes') };
  } catch {
    return ALL_HINTS;
  }
}
