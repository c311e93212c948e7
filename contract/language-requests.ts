/**
 * The language server's own requests (beyond the Language Server Protocol's), which the extension sends with
 * `vscode-languageclient` and other editors may send too: the program after compiler passes, and the values at a stop. Types only (the
 * extension imports nothing else of contract/): each method's name is a string literal type.
 */

/** `bir/passPipelines`: the passes a user may choose to see the program after, from the pass records. */
export type PassPipelinesMethod = 'bir/passPipelines';
export type PassPipelinesResult = readonly PassPipeline[];

export interface PassPipeline {
  /** `after fuse`, `dce alone`. */
  readonly label: string;
  /** The passes in order and what the last one does. */
  readonly detail: string;
  readonly passes: readonly string[];
}

/**
 * `bir/programAfterPasses`: a file checked as a program's entry, the passes run over it and the program printed; refused
 * (an error response whose message says why) when the file has errors or a pass is unknown.
 */
export type ProgramAfterPassesMethod = 'bir/programAfterPasses';

export interface ProgramAfterPassesParams {
  /** The `file:` URI of the program's entry; its unsaved text is what is checked. */
  readonly uri: string;
  readonly passes: readonly string[];
}

export interface ProgramAfterPassesResult {
  readonly text: string;
  /** The `file:` URIs the origins name. */
  readonly files: readonly string[];
  /** Per line of the text, three numbers: the index of its file in `files`, and the 0-based line and character it came from. */
  readonly origins: readonly number[];
}

/**
 * `bir/stopAt` (a notification, from the editor): where the debug session is stopped, in the frame the user selected
 * (the `file:` URI and 0-based line of that frame), or `stop: null` when it runs again or ends. While a stop is known,
 * the server's inlay hints show at the end of the lines of the stopped function, up to the stop, the values of the
 * names written on them, which it asks of the editor with `bir/valuesAtStop`; it sends `workspace/inlayHint/refresh`
 * at each change. An editor that never sends it gets no values in the hints.
 */
export type StopAtMethod = 'bir/stopAt';

export interface StopAtParams {
  readonly stop: { readonly uri: string; readonly line: number } | null;
}

/**
 * `bir/valuesAtStop` (a request from the server to the editor): the values of expressions (names) in the frame the
 * user selected, as the debugger's evaluate answers them; `null` for one that has no value there.
 */
export type ValuesAtStopMethod = 'bir/valuesAtStop';

export interface ValuesAtStopParams {
  readonly expressions: readonly string[];
}

export interface ValuesAtStopResult {
  readonly values: readonly (string | null)[];
}
