/**
 * The text around the drawing: the total and the critical path, each engine's utilisation, where the debugger is, the
 * warnings, the PSUM bank conflicts (each line a link), and the what-if difference (total before and after, each engine's change, the critical path before and
 * after, as lines).
 */
import { formatNs } from '../../contract/time-format';
import type { TimelineDifference } from '../../contract/timeline';
import { h } from '../shared/dom';
import { lineOfInstruction, Model, opcodeOf } from './model';
import type { Page } from './page';

/** A what-if recorded without values (engine/perf/sizes-only.ts): its schedule is a full run's, its faults are not. */
const SIZES_ONLY = ' · recorded with sizes only: no values computed, so a fault of values (NaN, a read of unwritten memory) would not show';

export function showSummary(page: Page, m: Model): void {
  const d = m.header;
  const path = m.critical;
  const pathTime = path.length ? m.end[path[path.length - 1]] - m.start[path[0]] : 0;
  page.summary.textContent = `total ${formatNs(d.total)} · ${d.instructions.toLocaleString('en-US')} instructions on ${d.machine} · critical path ${path.length.toLocaleString('en-US')} instruction${path.length === 1 ? '' : 's'}, ${formatNs(pathTime)}${d.fault ? ' · the run faulted: the schedule ends at the fault' : ''}${d.sizesOnly ? SIZES_ONLY : ''}`;
  page.utilisation.replaceChildren(...d.engines.map((e) => {
    const name = `${d.cores > 1 ? `c${e.core} ` : ''}${e.engine}`;
    const chip = h('span', { class: 'engine', 'data-engine': name, title: `${name}: busy ${formatNs(e.busy)}${e.engine === 'DMA' ? ' (the mean of its queues)' : ''}, ${e.instructions.toLocaleString('en-US')} instructions` });
    const bar = h('span', { class: 'meter' });
    bar.style.setProperty('--share', `${Math.round(e.utilisation * 100)}%`);
    chip.append(h('span', {}, `${name} ${(e.utilisation * 100).toFixed(1)}%`), bar);
    return chip;
  }));
  page.warnings.replaceChildren(...d.warnings.map((w) => h('li', {}, w)));
  page.conflicts.replaceChildren(...d.psumConflicts.map((c) => {
    const link = (i: number, line: number): HTMLButtonElement => h('button', { type: 'button', class: 'link', 'data-instruction': String(i), title: `Go to line ${line}` }, `line ${line}`);
    const item = h('li', { 'data-kind': c.kind, 'data-bank': String(c.bank) });
    item.append(link(c.instruction, c.line), ' waits for ', link(c.other, c.otherLine), `: ${c.message}`);
    return item;
  }));
}

/** Where the debugger is: before which instruction, how many have run. */
export function showPosition(page: Page, m: Model | undefined, state: 'stopped' | 'running' | 'none', current: number, instructions: number | undefined): void {
  if (!m || state === 'none') {
    page.position.textContent = '';
    return;
  }
  if (state === 'running') {
    page.position.textContent = 'the program is running';
    return;
  }
  if (current < 0) {
    page.position.textContent = `stopped after every instruction of the schedule (${(instructions ?? 0).toLocaleString('en-US')} run)`;
    return;
  }
  page.position.textContent = `stopped before instruction ${current.toLocaleString('en-US')} (${opcodeOf(m, current)}, line ${lineOfInstruction(m, current)}) at ${formatNs(m.start[current])}: ${current.toLocaleString('en-US')} of ${m.count.toLocaleString('en-US')} have run`;
}

export function showWhatIf(page: Page, d: TimelineDifference | undefined): void {
  page.whatIf.hidden = !d;
  if (!d) return page.whatIf.replaceChildren();
  // Busy times are sums of many durations: a difference below a hundredth of a ns is rounding, not a change.
  const none = (ns: number): boolean => Math.abs(ns) < 0.005;
  const sign = (ns: number): string => (none(ns) ? '±0' : ns > 0 ? `+${formatNs(ns)}` : `−${formatNs(-ns)}`);
  const trend = (ns: number): string => (none(ns) ? '' : ns < 0 ? 'faster' : 'slower');
  const heading = h('h2', {}, `What-if against ${d.against}`);
  const total = h('div', { id: 'whatif-total', class: trend(d.delta) },
    `total ${formatNs(d.before.total)} → ${formatNs(d.after.total)} (${sign(d.delta)}, ${d.ratio.toFixed(3)}×)`);
  const table = h('table', { id: 'whatif-engines' });
  const head = h('tr');
  for (const t of ['engine', 'before', 'after', 'change']) head.appendChild(h('th', {}, t));
  table.appendChild(head);
  for (const e of d.engines) {
    const row = h('tr', { class: trend(e.delta) });
    for (const t of [`${d.engines.some((x) => x.core > 0) ? `c${e.core} ` : ''}${e.engine}`, formatNs(e.before), formatNs(e.after), sign(e.delta)]) row.appendChild(h('td', {}, t));
    table.appendChild(row);
  }
  const path = (side: TimelineDifference['before']): string => {
    const lines = side.lines.length > 16 ? [...side.lines.slice(0, 8), '…', ...side.lines.slice(-7)] : side.lines;
    return `${side.instructions} instruction${side.instructions === 1 ? '' : 's'}${side.instructions ? `, lines ${lines.join(' → ')}` : ''}`;
  };
  const before = h('div', { id: 'whatif-path-before' }, `critical path before: ${path(d.before)}`);
  const after = h('div', { id: 'whatif-path-after' }, `critical path after: ${path(d.after)}`);
  page.whatIf.replaceChildren(heading, total, table, before, after);
}
