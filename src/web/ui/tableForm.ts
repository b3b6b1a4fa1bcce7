/**
 * The "Vary two numbers" part of the form: which two whole-number flags, and their ranges.
 * Open, it asks for a table (a heatmap of the headline); closed, it asks for none.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import { defaultTable, tableAxes, type TableState } from '../question/table.js';
import type { PageState } from '../question/state.js';
import { h } from './dom.js';

export interface TableForm {
  element: HTMLDetailsElement;
  read(): TableState | undefined;
  /** Shows the state's table (open) or none (closed); the inputs keep a table around the question. */
  write(state: PageState): void;
  /** Fills the inputs with a table around the question, leaving the section open or closed. */
  suggest(state: PageState): void;
}

const PARTS = ['x', 'y'] as const;

export function tableForm(module: SystemModule): TableForm {
  const inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  const rows = PARTS.map((axis) => {
    const select = h('select', { id: `t-${axis}`, name: `table-${axis}` });
    const from = h('input', {
      type: 'text',
      id: `t-${axis}-from`,
      name: `table-${axis}-from`,
      inputmode: 'numeric',
      class: 'number',
      autocomplete: 'off',
    });
    const to = h('input', {
      type: 'text',
      id: `t-${axis}-to`,
      name: `table-${axis}-to`,
      inputmode: 'numeric',
      class: 'number',
      autocomplete: 'off',
    });
    inputs.set(axis, select).set(`${axis}From`, from).set(`${axis}To`, to);
    return h(
      'div',
      { class: 'field axis' },
      h('label', { for: `t-${axis}` }, axis === 'x' ? 'Across' : 'Down'),
      select,
      h(
        'div',
        { class: 'control range' },
        h('label', { for: `t-${axis}-from` }, 'from'),
        from,
        h('label', { for: `t-${axis}-to` }, 'to'),
        to,
      ),
    );
  });
  const element = h(
    'details',
    { class: 'table-form' },
    h('summary', {}, 'Vary two numbers (a table)'),
    h('div', { class: 'fields' }, rows, h('p', { class: 'error', id: 'error-table', 'aria-live': 'polite' })),
  );
  element.querySelector('.fields')?.setAttribute('data-param', 'table');

  const value = (name: string) => (inputs.get(name) as HTMLInputElement).value;
  const setAxes = (state: PageState) => {
    const axes = tableAxes(module, state.kind, state.values);
    // Fewer than two numbers to vary (a Kings & Things side of one counter ...): no table offered.
    element.hidden = axes.length < 2;
    for (const axis of PARTS) {
      const select = inputs.get(axis) as HTMLSelectElement;
      const current = select.value;
      select.replaceChildren(...axes.map((f) => h('option', { value: f.param }, f.label)));
      if (axes.some((f) => f.param === current)) select.value = current;
    }
  };

  const fillIn = (table: TableState | null, state: PageState) => {
    setAxes(state);
    if (table) for (const [name, v] of Object.entries(table)) (inputs.get(name) as HTMLInputElement).value = v;
  };

  return {
    element,
    read() {
      if (!element.open || element.hidden) return undefined;
      return {
        x: value('x'),
        xFrom: value('xFrom'),
        xTo: value('xTo'),
        y: value('y'),
        yFrom: value('yFrom'),
        yTo: value('yTo'),
      };
    },
    write(state) {
      element.open = Boolean(state.table);
      fillIn(state.table ?? null, state);
    },
    suggest(state) {
      fillIn(defaultTable(module, state.kind, state.values), state);
    },
  };
}
