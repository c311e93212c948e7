/**
 * The search box: the matches of a query (find.ts) in the graph on screen, or, for a graph in parts, the engine's
 * answer over the whole function; Enter and Shift+Enter (or the arrows beside it) go to the next and the previous,
 * Escape clears it and gives the focus back to the graph; Ctrl+F or / focus it.
 */
import type { GraphContext } from './context';
import { findNodes } from './find';
import type { Focus } from './focus';
import type { GoToNode } from './go-to-node';
import { answerOf } from './shown';

/** How long typing rests before the query runs. */
const TYPING_PAUSE_MS = 150;

export class FindBar {
  /** The last query's matches (node ids), how many there are in all, and the one gone to (-1: none yet). */
  private found: { query: string; ids: readonly string[]; total: number; at: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly ctx: GraphContext, private readonly goTo: GoToNode, private readonly focus: Focus) {
    const { input, previous, next } = ctx.page.find;
    input.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.run(), TYPING_PAUSE_MS);
    });
    input.addEventListener('keydown', (e) => this.key(e));
    previous.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    document.addEventListener('keydown', (e) => {
      if ((e.key === 'f' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !(e.target instanceof HTMLInputElement))) {
        e.preventDefault();
        input.focus();
        input.select();
      }
    });
  }

  /** The engine's answer for a graph in parts. */
  showFound(): void {
    const f = this.ctx.state.found;
    if (!f || !this.found || f.query !== this.found.query) return;
    const before = this.found.at >= 0 ? this.found.ids[this.found.at] : undefined;
    this.found = { query: f.query, ids: f.ids, total: f.total, at: before !== undefined ? f.ids.indexOf(before) : -1 };
    this.showCount();
    if (this.found.at < 0 && this.found.ids.length > 0) this.step(1);
  }

  private run(): void {
    const s = this.ctx.shown;
    const q = this.ctx.page.find.input.value;
    if (!s || q.trim() === '') {
      this.clear();
      return;
    }
    const local = findNodes(s.view.nodes, q).map((i) => s.view.nodes[i].id);
    this.found = { query: q, ids: local, total: local.length, at: -1 };
    // A graph in parts: the engine searches the whole function.
    if (answerOf(this.ctx.state)?.partial) this.ctx.dispatch({ type: 'ui/find', query: q });
    this.showCount();
    if (local.length > 0) this.step(1);
  }

  private clear(): void {
    this.found = undefined;
    this.ctx.page.find.count.textContent = '';
  }

  private showCount(): void {
    const { count } = this.ctx.page.find;
    if (!this.found) return;
    count.textContent = this.found.ids.length === 0 ? 'no match' : `${this.found.at + 1} of ${this.found.total.toLocaleString('en-US')}`;
    count.classList.toggle('none', this.found.ids.length === 0);
  }

  /** Goes to the next match (`step` 1) or the previous (-1), round the ends. */
  private step(step: number): void {
    const f = this.found;
    if (!f || f.ids.length === 0 || !this.ctx.shown) return;
    f.at = (f.at + step + f.ids.length) % f.ids.length;
    this.showCount();
    this.goTo.go(f.ids[f.at]);
  }

  private key(e: KeyboardEvent): void {
    const { input } = this.ctx.page.find;
    if (e.key === 'Enter') {
      e.preventDefault();
      clearTimeout(this.timer);
      if (!this.found || this.found.query !== input.value) this.run();
      else this.step(e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape') {
      input.value = '';
      this.clear();
      this.focus.element()?.focus();
    }
  }
}
