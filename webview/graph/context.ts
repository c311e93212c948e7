/**
 * What the parts of the graph page share, handed to each of them explicitly: the page's elements, the view's
 * transform, the minimap, the reducer's state (state.ts) and what is on screen (shown.ts). Each part keeps its own
 * state (placement.ts, focus.ts, popups.ts, find-bar.ts, ...); this holds only what more than one of them reads.
 */
import type { VsCodeApi } from '../shared/vscode-api';
import type { Viewport } from './interaction';
import type { FromWebview } from './messages';
import type { Minimap } from './minimap';
import type { Page } from './page';
import type { Shown } from './shown';
import { initialState, reduce, ViewEvent, ViewState } from './state';

export class GraphContext {
  state: ViewState = initialState();
  /** Undefined while there is no graph to show. */
  shown: Shown | undefined;

  constructor(
    readonly page: Page,
    readonly view: Viewport,
    readonly minimap: Minimap,
    private readonly panel: VsCodeApi<FromWebview>,
    /** Shows the state again (display.ts): after the reducer, or after a part changed what is open. */
    readonly show: () => void,
  ) {}

  /** The reducer takes an event; what it asks of the panel is posted, and the new state is shown. */
  dispatch(event: ViewEvent): void {
    const r = reduce(this.state, event);
    this.state = r.state;
    for (const e of r.effects) this.panel.postMessage(e);
    this.show();
  }

  post(message: FromWebview): void {
    this.panel.postMessage(message);
  }
}
