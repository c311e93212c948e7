/**
 * The timeline view's page, built with DOM calls (nothing from a program is parsed as markup): a toolbar (title, the
 * machine, Compare with previous, Compare after pass, Fit), the summary (total, utilisation per engine, where the debugger is), the
 * what-if difference, the warnings, the PSUM bank conflicts, and the stage: lane labels beside the canvas, the hover's tooltip, and a bar's menu.
 */
import { h } from '../shared/dom';
import { MACHINES, PASSES } from './messages';

export function buildPage() {
  const toolbar = h('header', { class: 'toolbar' });
  const title = h('span', { id: 'title', class: 'title' }, 'BIR Timeline');
  const machine = h('select', { id: 'machine', 'aria-label': 'Machine profile', title: 'The machine profile the schedule is computed for' });
  for (const m of MACHINES) machine.appendChild(h('option', { value: m }, m));
  const compare = h('button', { id: 'compare', type: 'button', title: 'Schedule the program as saved now and show the difference from this schedule' }, 'Compare with previous');
  // A quick what-if: the schedule after one more pass, against the one shown. Chosen, it goes back to its prompt.
  const pass = h('select', { id: 'pass', 'aria-label': 'Compare after a pass', title: 'Run a compiler pass over the program and show the difference from this schedule' });
  pass.appendChild(h('option', { value: '' }, 'Compare after pass…'));
  for (const p of PASSES) pass.appendChild(h('option', { value: p }, p));
  const fit = h('button', { id: 'fit', type: 'button', title: 'The whole schedule (0)' }, 'Fit');
  const status = h('span', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });
  toolbar.append(title, machine, compare, pass, fit, status);

  const summary = h('div', { id: 'summary', class: 'summary' });
  const utilisation = h('div', { id: 'utilisation', class: 'utilisation' });
  const position = h('div', { id: 'position', class: 'position' });
  const whatIf = h('section', { id: 'whatif', class: 'whatif', hidden: '' });
  const warnings = h('ul', { id: 'warnings', class: 'warnings' });
  // Each PSUM bank conflict with its two lines as links (a click reveals the line, as a bar's click does).
  const conflicts = h('ul', { id: 'psum-conflicts', class: 'warnings conflicts', 'aria-label': 'PSUM bank conflicts' });

  const stage = h('div', { id: 'stage', class: 'stage' });
  const labels = h('div', { id: 'labels', class: 'labels' });
  const canvas = h('canvas', { id: 'canvas', tabindex: '0', 'aria-label': 'Timeline: one row per engine and DMA queue; arrows pan, + and - zoom, 0 fits' });
  const tooltip = h('div', { id: 'tooltip', class: 'tooltip', hidden: '' });
  const menu = h('div', { id: 'bar-menu', class: 'menu', role: 'menu', 'aria-label': 'Instruction', hidden: '' });
  stage.append(labels, canvas, tooltip);

  const empty = h('div', { id: 'empty', class: 'empty' });
  document.body.append(toolbar, summary, utilisation, position, whatIf, warnings, conflicts, stage, empty, menu);
  return { title, machine, compare, pass, fit, status, summary, utilisation, position, whatIf, warnings, conflicts, stage, labels, canvas, tooltip, menu, empty };
}

export type Page = ReturnType<typeof buildPage>;
