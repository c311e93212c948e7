/**
 * A page's side of its panel: the handle VS Code gives a webview to post messages to its host and to keep state
 * across a reload of the page. VS Code hands it out once per page, so each page's entry takes it once and passes it on.
 */
export interface VsCodeApi<ToHost> {
  postMessage(message: ToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi<unknown>;

/** The page's handle, typed by the messages its host takes. */
export function acquirePanelApi<ToHost>(): VsCodeApi<ToHost> {
  return acquireVsCodeApi();
}
