/** The BIR debug session stopped and the frame selected in its Call Stack, as VS Code says: what the hover and the CodeLens ask. */
import * as vscode from 'vscode';

export interface StoppedFrame {
  readonly session: vscode.DebugSession;
  /** Undefined when a thread is selected rather than a frame: the adapter then answers for its top frame. */
  readonly frameId?: number;
}

export function stoppedFrame(): StoppedFrame | undefined {
  const item = vscode.debug.activeStackItem;
  if (!item || item.session.type !== 'bir') return undefined;
  return { session: item.session, frameId: item instanceof vscode.DebugStackFrame ? item.frameId : undefined };
}
