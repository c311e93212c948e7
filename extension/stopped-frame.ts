/** The BIR debug session stopped and the frame selected in its Call Stack, as VS Code says: what the hover and the CodeLens ask. */
import * as vscode from 'vscode';

export interface StoppedFrame {
  readonly session: vscode.DebugSession;
  readonly frameId: number;
}

/** Undefined unless a frame of a BIR session is selected: VS Code selects a thread, not a frame, while it runs. */
export function stoppedFrame(): StoppedFrame | undefined {
  const item = vscode.debug.activeStackItem;
  if (!(item instanceof vscode.DebugStackFrame) || item.session.type !== 'bir') return undefined;
  return { session: item.session, frameId: item.frameId };
}
