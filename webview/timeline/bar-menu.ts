/**
 * The menu of an instruction's bar (a right click, the context-menu key or Shift+F10 on the instruction under the
 * pointer): Go to Line, "Move to engine ▸" with the engines the instruction may run on (its attribute `engine`,
 * docs/bir-language.md#engines), and "Change a size constant…" (the `const` its sizes depend on). The quick edits are
 * the host's: it edits the source so that the editor can undo them, saves, and the what-if follows as for a save.
 */
import { h } from '../shared/dom';
import type { ENGINE_ATTRIBUTES, FromTimelineView } from './messages';
import { engineChoices, fileOfInstruction, Model } from './model';

export class BarMenu {
  private instruction = -1;
  private model?: Model;
  private readonly main = h('div', { class: 'menu-items', role: 'none' });
  private readonly engines = h('div', { class: 'submenu', id: 'engine-menu', role: 'menu', 'aria-label': 'Move to engine', hidden: '' });

  constructor(private readonly el: HTMLElement, private readonly post: (m: FromTimelineView) => void, private readonly refocus: () => void) {
    el.append(this.main, this.engines);
    el.addEventListener('click', (e) => this.clicked(e));
    el.addEventListener('keydown', (e) => this.key(e));
    el.addEventListener('pointerover', (e) => {
      const item = (e.target as Element).closest('[data-action="engines"]');
      if (item) this.showEngines(false);
    });
    document.addEventListener('pointerdown', (e) => {
      if (!el.hidden && !el.contains(e.target as Node)) this.close(false);
    });
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  open(m: Model, i: number, x: number, y: number): void {
    this.instruction = i;
    this.model = m;
    const choices = engineChoices(m, i);
    const items = [h('button', { type: 'button', role: 'menuitem', 'data-action': 'reveal' }, 'Go to Line')];
    if (choices.length) items.push(h('button', { type: 'button', role: 'menuitem', 'data-action': 'engines', 'aria-haspopup': 'menu', id: 'move-engine' }, 'Move to engine ▸'));
    items.push(h('button', { type: 'button', role: 'menuitem', 'data-action': 'size', id: 'size-constant' }, 'Change a size constant…'));
    this.main.replaceChildren(...items);
    this.engines.replaceChildren(...choices.map((c) => {
      const b = h('button', { type: 'button', role: 'menuitemradio', 'aria-checked': String(c.current), 'data-action': 'engine', 'data-attribute': c.attribute, 'data-engine': c.engine }, `${c.current ? '✓ ' : ''}${c.attribute} (${c.engine})`);
      if (c.current) b.disabled = true;
      return b;
    }));
    this.engines.hidden = true;
    this.el.hidden = false;
    place(this.el, x, y);
    items[0].focus();
    document.body.dataset.menu = String(i);
  }

  close(refocus: boolean): void {
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.engines.hidden = true;
    delete document.body.dataset.menu;
    if (refocus) this.refocus();
  }

  private showEngines(focus: boolean): void {
    this.engines.hidden = false;
    const at = this.main.querySelector('[data-action="engines"]')?.getBoundingClientRect();
    if (at) beside(this.engines, this.el.getBoundingClientRect(), at);
    if (focus) this.engines.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }

  private clicked(e: MouseEvent): void {
    const item = (e.target as Element).closest('[data-action]');
    const action = item?.getAttribute('data-action');
    const m = this.model;
    const i = this.instruction;
    if (!m || i < 0 || !action) return;
    if (action === 'engines') return this.showEngines(true);
    const site = m.site[i];
    const place = { file: fileOfInstruction(m, i), line: m.siteLine[site], col: m.siteCol[site] };
    this.close(true);
    if (action === 'reveal') this.post({ type: 'reveal', ...place, instructions: m.tick[i] });
    else if (action === 'size') this.post({ type: 'sizeConstant', ...place });
    else if (action === 'engine') {
      const attribute = item!.getAttribute('data-attribute') as (typeof ENGINE_ATTRIBUTES)[number];
      document.body.dataset.moved = `${i}:${attribute}`;
      this.post({ type: 'moveEngine', ...place, attribute });
    }
  }

  private key(e: KeyboardEvent): void {
    const inEngines = this.engines.contains(document.activeElement);
    const list = [...(inEngines ? this.engines : this.main).querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      this.close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus();
    } else if (e.key === 'ArrowRight' && (document.activeElement as Element)?.getAttribute('data-action') === 'engines') {
      e.preventDefault();
      this.showEngines(true);
    } else if (e.key === 'ArrowLeft' && inEngines) {
      e.preventDefault();
      this.engines.hidden = true;
      this.main.querySelector<HTMLButtonElement>('[data-action="engines"]')?.focus();
    }
  }
}

/** Puts a popup at (x, y) of the window, moved inside it by what it would overflow. */
function place(e: HTMLElement, x: number, y: number): void {
  e.style.left = `${Math.max(4, Math.min(x, window.innerWidth - e.offsetWidth - 4))}px`;
  e.style.top = `${Math.max(4, Math.min(y, window.innerHeight - e.offsetHeight - 4))}px`;
}

/**
 * Puts a submenu beside its item: right of the menu where it fits, left of it otherwise, never over the item (its
 * position is relative to the menu, which holds it).
 */
function beside(sub: HTMLElement, menu: DOMRect, item: DOMRect): void {
  const right = menu.right + sub.offsetWidth + 4 <= window.innerWidth;
  sub.style.left = `${right ? menu.width - 2 : -sub.offsetWidth + 2}px`;
  const top = Math.min(item.top, window.innerHeight - sub.offsetHeight - 4);
  sub.style.top = `${Math.max(4, top) - menu.top}px`;
}
