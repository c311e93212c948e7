/**
 * The graph view's page, the entry of dist/webview.js: builds the page (page.ts) and wires its parts. The panel's
 * messages (messages.ts) go through the reducer (state.ts, held by context.ts) to the display (display.ts: the
 * hierarchy of tree.ts, the layouts of layouts.ts, the drawing of render.ts and canvas.ts, the semantic zoom of
 * lod.ts); the view is placed by placement.ts, the focus kept by focus.ts; groups open and close (groups.ts), Fit
 * closes them until the whole reads (fit.ts); the tooltip and the node menu (popups.ts), the pass list
 * (pass-list.ts), the search box (find-bar.ts, go-to-node.ts), the pointer and the keys (gestures.ts), the minimap.
 */
import './style.css';
import { acquirePanelApi } from '../shared/vscode-api';
import { GraphContext } from './context';
import { Display } from './display';
import { warmUp } from './elk-runner';
import { FindBar } from './find-bar';
import { Fit } from './fit';
import { Focus } from './focus';
import { attachGestures } from './gestures';
import { GoToNode } from './go-to-node';
import { Groups } from './groups';
import { Viewport } from './interaction';
import { Layouts } from './layouts';
import { decodePosted, FromWebview, isToWebview, ToWebview } from './messages';
import { Minimap } from './minimap';
import { buildPage, Page } from './page';
import { PassList } from './pass-list';
import { Placement } from './placement';
import { NodeMenu, Tooltip } from './popups';
import type { Selection } from './state';

function start(): void {
  const panel = acquirePanelApi<FromWebview>();
  const page = buildPage();
  // The parts are made in the order they need each other; the few calls back (the minimap's, the viewport's, the
  // layouts') reach parts made after them, and run only once everything is made.
  const minimap = new Minimap(page.canvas, (gx, gy) => {
    view.center({ x: gx, y: gy, width: 0, height: 0 });
    view.apply();
    placement.userMoved = true;
  });
  const view = new Viewport(page.canvas, (v) => display.drawAt(v));
  warmUp();
  const ctx = new GraphContext(page, view, minimap, panel, () => display.show());
  const placement = new Placement(view);
  const tooltip = new Tooltip(ctx);
  const focus = new Focus(ctx, tooltip);
  const groups = new Groups(ctx, placement, focus);
  const goTo = new GoToNode(ctx, groups, placement, focus, tooltip);
  const layouts = new Layouts(view, {
    isShown: (s) => ctx.shown === s,
    present: (s, layout, engine, t0) => display.present(s, layout, engine, t0),
    replacing: () => placement.keep(ctx.shown, focus.index),
    laidOut: (s, layout) => fit.followUp(s, layout),
    progress: () => display.showStatus(),
  });
  const fit = new Fit(ctx, placement, groups, layouts, focus);
  /** Another entry of the pass list: the node in focus (or the current one) stays where it is on screen, if it is there. */
  const select = (selection: Selection): void => {
    placement.capture(ctx.shown, focus.index);
    ctx.dispatch({ type: 'ui/select', selection });
  };
  const display = new Display(ctx, { placement, tooltip, focus, groups, goTo, layouts, passList: new PassList(page, select) });
  const menu = new NodeMenu(ctx, tooltip, focus, groups);
  const find = new FindBar(ctx, goTo, focus);

  window.addEventListener('message', (e: MessageEvent) => {
    performance.mark('bir:message');
    if (!isToWebview(e.data)) return;
    let m: ToWebview;
    try {
      m = decodePosted(e.data);
    } catch {
      return; // not a graph
    }
    // A new graph keeps the node in focus (or the current one) where it is on screen.
    if (m.type === 'graph' || m.type === 'passGraph' || m.type === 'idle') placement.capture(ctx.shown, focus.index);
    ctx.dispatch(m);
    if (m.type === 'found') find.showFound();
  });
  attachGestures(ctx, { placement, focus, tooltip, menu, groups, fit });
  attachButtons(page.buttons, view, placement, fit, focus);
  window.addEventListener('resize', () => {
    tooltip.hide();
    view.apply();
  });

  display.show();
  panel.postMessage({ type: 'ready' });
}

/** The toolbar's Fit, zoom and Current buttons. */
function attachButtons(buttons: Page['buttons'], view: Viewport, placement: Placement, fit: Fit, focus: Focus): void {
  buttons.fit.addEventListener('click', () => fit.whole(0));
  buttons.zoomIn.addEventListener('click', () => {
    view.zoomCenter(1.25);
    placement.userMoved = true;
  });
  buttons.zoomOut.addEventListener('click', () => {
    view.zoomCenter(0.8);
    placement.userMoved = true;
  });
  buttons.current.addEventListener('click', () => focus.toCurrent());
}

start();
