/**
 * The pass list beside the graph: the running program, then each snapshot of the pass pipeline with what its pass
 * changed. A listbox: the arrows, Home and End move through it, Enter or Space (or a click) selects.
 */
import { h } from '../shared/dom';
import { changeSummary } from './diff';
import type { Page } from './page';
import { frameOf, Selection, ViewState } from './state';

export class PassList {
  constructor(private readonly page: Page, private readonly select: (selection: Selection) => void) {
    page.passList.addEventListener('keydown', (e) => this.key(e));
  }

  /** Lists the entries of the state (built again only when they, the selection or the status change). */
  show(state: ViewState): void {
    const { passList, passNav } = this.page;
    const entries: { selection: Selection; label: string; detail: string }[] = [{ selection: 'running', label: 'Running program', detail: frameOf(state.frameGraph) ? `frame ${frameOf(state.frameGraph)}` : '' }];
    for (const p of state.passes) entries.push({ selection: p.index, label: `${p.index} ${p.pass}`, detail: p.index === 0 ? `${p.nodeCount} nodes` : changeSummary(p.changed) });
    const sig = JSON.stringify([entries, state.selected, state.status]);
    if (passList.dataset.sig === sig) return;
    passList.dataset.sig = sig;
    const hadFocus = passList.contains(document.activeElement);
    passList.replaceChildren();
    passNav.hidden = state.status === 'idle';
    for (const e of entries) {
      const selected = e.selection === state.selected;
      const li = h('li', { role: 'option', 'aria-selected': String(selected), tabindex: selected ? '0' : '-1', 'data-selection': String(e.selection), class: selected ? 'selected' : '' });
      li.append(h('span', { class: 'pass-name' }, e.label), h('span', { class: 'pass-detail' }, e.detail));
      li.addEventListener('click', () => this.select(e.selection));
      passList.appendChild(li);
      if (selected && hadFocus) li.focus();
    }
  }

  private key(e: KeyboardEvent): void {
    const items = [...this.page.passList.querySelectorAll<HTMLLIElement>('li')];
    const at = items.findIndex((li) => li === document.activeElement);
    let to: number | undefined;
    if (e.key === 'ArrowDown') to = Math.min(items.length - 1, at + 1);
    else if (e.key === 'ArrowUp') to = Math.max(0, at - 1);
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = items.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') to = at;
    if (to === undefined || to < 0) return;
    e.preventDefault();
    const sel = items[to].dataset.selection!;
    this.select(sel === 'running' ? 'running' : Number(sel));
  }
}
