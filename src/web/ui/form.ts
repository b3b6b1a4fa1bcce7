/**
 * The question form of one system, generated from its command-line questions
 * (question/fields.ts): a labelled input per flag with the flag's description as its
 * hint, the kinds of question as a radio group, "More options", and the engine's settings
 * for systems that sample. Every change calls `onChange` with the new state.
 */
import type { SystemModule } from '../../app/systems.js';
import { fieldApplies, fieldsOf, type FieldSpec } from '../question/fields.js';
import { presentationOf } from '../question/presentation.js';
import { DEFAULT_SEED, DEFAULT_TRIALS, type PageState } from '../question/state.js';
import type { Problem } from '../question/toQuestion.js';
import { h } from './dom.js';
import { tableForm } from './tableForm.js';
import { OBJECTIVE_HELP } from '../../engine/question.js';

export interface QuestionForm {
  element: HTMLFormElement;
  read(): PageState;
  write(state: PageState): void;
  showProblems(problems: Problem[]): void;
}

const METHOD_LABELS: Record<PageState['method'], string> = {
  auto: 'Exact where possible, else Monte Carlo',
  sample: 'Monte Carlo (with exact values beside)',
  exact: 'Exact only',
};

export function questionForm(
  module: SystemModule,
  state: PageState,
  onChange: (state: PageState, at: number) => void,
): QuestionForm {
  const fields = fieldsOf(module);
  const look = presentationOf(module.system.id);
  const sampling = Boolean(module.system.sampler);
  const objectives = module.system.objectives ?? [];
  const form = h('form', { class: 'question', novalidate: true, 'aria-label': `${module.system.title}: question` });
  form.addEventListener('submit', (event) => event.preventDefault());

  if (look.kinds) {
    form.append(
      h(
        'fieldset',
        { class: 'kinds' },
        h('legend', {}, 'Kind of attack'),
        look.kinds.map((kind) =>
          h(
            'label',
            { class: 'kind' },
            h('input', { type: 'radio', name: 'kind', value: kind.value }),
            h('span', {}, kind.label),
          ),
        ),
      ),
    );
  }
  const main = h('div', { class: 'fields' });
  const more = h('div', { class: 'fields' });
  for (const field of fields) (field.more ? more : main).append(fieldRow(field));
  form.append(main);
  const extra = h(
    'details',
    { class: 'more' },
    h('summary', {}, 'More options'),
    more,
    h(
      'div',
      { class: 'fields' },
      textRow('target', 'Target probability', 'how many do I need for at least this probability? e.g. 80%', 'decimal'),
      checkRow('advise', 'Advise on the decisions', 'also advise when to stop and how to play, where the system can'),
      objectives.length > 0
        ? [
            selectRow(
              'objective',
              'Objective of the advice',
              'what the stop rule optimises (with advice)',
              objectives.map((o, i) => ({ value: i === 0 ? '' : o, label: `${o}: ${OBJECTIVE_HELP[o]}` })),
            ),
            textRow(
              'territory-worth',
              'Territory worth',
              'with the value objective: what one territory taken is worth, in armies, e.g. 10',
              'decimal',
            ),
          ]
        : [],
    ),
  );
  form.append(extra);
  let engine: HTMLDetailsElement | null = null;
  if (sampling) {
    const method = h(
      'select',
      { id: 'f-method', name: 'method', 'aria-describedby': 'hint-method' },
      (Object.keys(METHOD_LABELS) as PageState['method'][]).map((m) => h('option', { value: m }, METHOD_LABELS[m])),
    );
    engine = h(
      'details',
      { class: 'engine' },
      h('summary', {}, 'How to answer'),
      h(
        'div',
        { class: 'fields' },
        h(
          'div',
          { class: 'field', 'data-param': 'method' },
          h('label', { for: 'f-method' }, 'Method'),
          method,
          h('p', { class: 'hint', id: 'hint-method' }, 'sampled answers run on every core, in the background'),
        ),
        textRow('seed', 'Seed', 'any text or number; the same seed gives the command line’s numbers', 'text'),
        textRow('trials', 'Trials', 'Monte Carlo trials, e.g. 1000000 or 1e6', 'numeric'),
      ),
    );
    form.append(engine);
  }

  const table = tableForm(module);
  form.append(table.element);
  table.element.addEventListener('toggle', () => {
    // Opened for the first time: a table around the question as it stands.
    if (table.element.open && !table.read()?.xFrom) table.suggest(read());
    onChange(read(), performance.now());
  });

  const read = (): PageState => {
    const values: Record<string, string | boolean> = {};
    for (const field of fields) {
      const input = form.elements.namedItem(field.param) as HTMLInputElement | HTMLSelectElement;
      values[field.param] = field.kind === 'checkbox' ? (input as HTMLInputElement).checked : input.value;
    }
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const kind = look.kinds ? value('kind') || look.kinds[0].value : undefined;
    return {
      system: module.system.id,
      ...(kind ? { kind } : {}),
      values,
      method: sampling ? (value('method') as PageState['method']) : 'auto',
      seed: sampling ? value('seed') : state.seed,
      trials: sampling ? value('trials') : state.trials,
      target: value('target'),
      advise: (form.elements.namedItem('advise') as HTMLInputElement).checked,
      objective: value('objective'),
      territoryWorth: value('territory-worth'),
      ...(table.read() ? { table: table.read() } : {}),
    };
  };

  const showKind = (kind: string | undefined) => {
    for (const field of fields) {
      const row = form.querySelector<HTMLElement>(`[data-param="${field.param}"]`);
      if (row) row.hidden = !fieldApplies(field, kind);
    }
  };

  const write = (next: PageState) => {
    for (const field of fields) {
      const input = form.elements.namedItem(field.param) as HTMLInputElement | HTMLSelectElement;
      const value = next.values[field.param] ?? field.default;
      if (field.kind === 'checkbox') (input as HTMLInputElement).checked = value === true;
      else input.value = String(value);
    }
    if (look.kinds) {
      const radios = form.querySelectorAll<HTMLInputElement>('input[name="kind"]');
      for (const radio of radios) radio.checked = radio.value === (next.kind ?? look.kinds[0].value);
    }
    const set = (name: string, value: string) => {
      const input = form.elements.namedItem(name) as HTMLInputElement | null;
      if (input) input.value = value;
    };
    set('method', next.method);
    set('seed', next.seed);
    set('trials', next.trials);
    set('target', next.target);
    (form.elements.namedItem('advise') as HTMLInputElement).checked = next.advise;
    set('objective', next.objective);
    set('territory-worth', next.territoryWorth);
    // Settings a link gives away from their defaults are shown, not hidden in a closed section.
    const asked = next.target !== '' || next.advise || next.objective !== '' || next.territoryWorth !== '';
    if (fields.some((f) => f.more && next.values[f.param] !== f.default) || asked) extra.open = true;
    if (engine && (next.method !== 'auto' || next.seed !== DEFAULT_SEED || next.trials !== DEFAULT_TRIALS))
      engine.open = true;
    showKind(next.kind);
    table.write(next);
  };

  const showProblems = (problems: Problem[]) => {
    for (const row of form.querySelectorAll<HTMLElement>('.field')) {
      const param = row.dataset.param as string;
      const problem = problems.find((p) => p.param === param);
      const error = row.querySelector<HTMLElement>('.error');
      const input = row.querySelector<HTMLElement>('input, select');
      if (error) error.textContent = problem ? problem.message : '';
      if (input) {
        if (problem) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
      if (problem && row.closest('details')) (row.closest('details') as HTMLDetailsElement).open = true;
    }
  };

  const changed = (event: Event) => {
    const next = read();
    if ((event.target as HTMLInputElement).name === 'kind') {
      showKind(next.kind);
      table.write(next);
    }
    onChange(next, event.timeStamp || performance.now());
  };
  // Text, selects, checkboxes and radios all report through `input`.
  form.addEventListener('input', changed);
  form.addEventListener('click', (event) => step(event, form));
  form.addEventListener('keydown', (event) => arrowStep(event));
  write(state);
  return { element: form, read, write, showProblems };
}

function fieldRow(field: FieldSpec): HTMLElement {
  const id = `f-${field.param}`;
  const described = `hint-${field.param} error-${field.param}`;
  // A description that only repeats the label ("defending armies") is not shown twice.
  const repeats = field.hint.trim().toLowerCase() === field.label.trim().toLowerCase();
  const hint = h('p', { class: repeats ? 'hint visually-hidden' : 'hint', id: `hint-${field.param}` }, field.hint);
  const error = h('p', { class: 'error', id: `error-${field.param}`, 'aria-live': 'polite' });
  if (field.kind === 'checkbox') {
    return h(
      'div',
      { class: 'field check', 'data-param': field.param },
      h('input', { type: 'checkbox', id, name: field.param, 'aria-describedby': described }),
      h('label', { for: id }, field.label),
      hint,
      error,
    );
  }
  let input: HTMLElement;
  if (field.kind === 'select') {
    // Not given: the command line's behaviour when the flag is left out (the schema's default when it has one).
    const blank =
      field.default === ''
        ? [h('option', { value: '' }, field.schemaDefault ? `${field.schemaDefault} (default)` : '—')]
        : [];
    input = h(
      'select',
      { id, name: field.param, 'aria-describedby': described },
      blank,
      (field.choices ?? []).map((c) => h('option', { value: c }, c)),
    );
  } else {
    const numeric = field.kind === 'int' || field.kind === 'number';
    input = h('input', {
      type: 'text',
      id,
      name: field.param,
      inputmode: field.kind === 'int' ? 'numeric' : field.kind === 'number' ? 'decimal' : 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      class: numeric ? 'number' : 'text',
      placeholder: field.kind === 'int-list' ? 'e.g. 3,2,4' : field.default === '' ? '' : String(field.default),
      'aria-describedby': described,
      'data-step': field.kind === 'int' ? '1' : undefined,
    });
  }
  const stepper =
    field.kind === 'int'
      ? [
          h(
            'button',
            {
              type: 'button',
              class: 'step',
              'data-for': id,
              'data-by': '-1',
              tabindex: -1,
              'aria-label': `${field.label} minus one`,
            },
            '−',
          ),
          h(
            'button',
            {
              type: 'button',
              class: 'step',
              'data-for': id,
              'data-by': '1',
              tabindex: -1,
              'aria-label': `${field.label} plus one`,
            },
            '+',
          ),
        ]
      : [];
  return h(
    'div',
    { class: 'field', 'data-param': field.param },
    h('label', { for: id }, field.label),
    h('div', { class: 'control' }, input, stepper),
    hint,
    error,
  );
}

function textRow(name: string, label: string, hint: string, mode: string): HTMLElement {
  return h(
    'div',
    { class: 'field', 'data-param': name },
    h('label', { for: `f-${name}` }, label),
    h('input', {
      type: 'text',
      id: `f-${name}`,
      name,
      inputmode: mode,
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': `hint-${name} error-${name}`,
    }),
    h('p', { class: 'hint', id: `hint-${name}` }, hint),
    h('p', { class: 'error', id: `error-${name}`, 'aria-live': 'polite' }),
  );
}

/** A list of choices; the first value is '' when it stands for "not given" (the default). */
function selectRow(name: string, label: string, hint: string, choices: Array<{ value: string; label: string }>) {
  return h(
    'div',
    { class: 'field', 'data-param': name },
    h('label', { for: `f-${name}` }, label),
    h(
      'select',
      { id: `f-${name}`, name, 'aria-describedby': `hint-${name} error-${name}` },
      choices.map((c) => h('option', { value: c.value }, c.label)),
    ),
    h('p', { class: 'hint', id: `hint-${name}` }, hint),
    h('p', { class: 'error', id: `error-${name}`, 'aria-live': 'polite' }),
  );
}

function checkRow(name: string, label: string, hint: string): HTMLElement {
  return h(
    'div',
    { class: 'field check', 'data-param': name },
    h('input', { type: 'checkbox', id: `f-${name}`, name, 'aria-describedby': `hint-${name}` }),
    h('label', { for: `f-${name}` }, label),
    h('p', { class: 'hint', id: `hint-${name}` }, hint),
  );
}

/** The − and + buttons beside whole-number fields. */
function step(event: Event, form: HTMLFormElement): void {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.step');
  if (!button) return;
  const input = form.querySelector<HTMLInputElement>(`#${button.dataset.for}`);
  if (input) nudge(input, Number(button.dataset.by));
}

/** Arrow up and down change a whole-number field by one, as a number input would. */
function arrowStep(event: KeyboardEvent): void {
  const input = event.target as HTMLInputElement;
  if (!input.dataset?.step || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
  event.preventDefault();
  nudge(input, event.key === 'ArrowUp' ? 1 : -1);
}

function nudge(input: HTMLInputElement, by: number): void {
  const current = /^-?\d+$/.test(input.value.trim()) ? Number(input.value) : Number(input.placeholder) || 0;
  input.value = String(Math.max(0, current + by));
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
