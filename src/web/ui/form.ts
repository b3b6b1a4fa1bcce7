/**
 * The question form of one system, generated from its question form (src/engine/form, seen
 * through question/fields.ts): a labelled input per field in a player's words, chosen by the
 * field's kind (a stepper for a count, a list for a choice, checkboxes for several choices),
 * the kinds of question as a radio group, "More options", and the engine's settings for
 * systems that sample. Every change calls `onChange` with the new state.
 */
import type { SystemModule } from '../../app/systems.js';
import { isAsked, fieldsOf, kindsOf, type PageField } from '../question/fields.js';
import { DEFAULT_SEED, DEFAULT_TRIALS, type PageState } from '../question/state.js';
import type { Problem } from '../question/toQuestion.js';
import { h } from './dom.js';
import { tableForm } from './tableForm.js';
import { OBJECTIVE_WORDS, QUESTION_OPTIONS } from '../../engine/form/question.js';

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
  const kinds = kindsOf(module);
  const sampling = Boolean(module.system.sampler);
  const objectives = module.system.objectives ?? [];
  const form = h('form', { class: 'question', novalidate: true, 'aria-label': `${module.system.title}: question` });
  form.addEventListener('submit', (event) => event.preventDefault());

  if (kinds) {
    form.append(
      h(
        'fieldset',
        { class: 'kinds' },
        h('legend', {}, 'Kind of attack'),
        kinds.map((kind) =>
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
      optionRow('target', QUESTION_OPTIONS.target.page, 'decimal'),
      checkRow('advise', QUESTION_OPTIONS.advise.page.label, QUESTION_OPTIONS.advise.page.help),
      objectives.length > 0
        ? [
            selectRow(
              'objective',
              QUESTION_OPTIONS.objective.page.label,
              QUESTION_OPTIONS.objective.page.help,
              objectives.map((o, i) => ({ value: i === 0 ? '' : o, label: OBJECTIVE_WORDS[o].page })),
            ),
            optionRow('territory-worth', QUESTION_OPTIONS.territoryWorth.page, 'decimal'),
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
    for (const field of fields) values[field.param] = readInput(form, field);
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const kind = kinds ? value('kind') || kinds[0].value : undefined;
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
      if (row) row.hidden = !isAsked(field, kind);
    }
  };

  const write = (next: PageState) => {
    for (const field of fields) writeInput(form, field, next.values[field.param] ?? field.initial);
    if (kinds) {
      const radios = form.querySelectorAll<HTMLInputElement>('input[name="kind"]');
      for (const radio of radios) radio.checked = radio.value === (next.kind ?? kinds[0].value);
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
    if (fields.some((f) => f.more && (next.values[f.param] ?? f.initial) !== f.initial) || asked) extra.open = true;
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

/** The input of a field, by its kind: a checkbox, a list, checkboxes for several choices, or a text box. */
function fieldRow(field: PageField): HTMLElement {
  const id = `f-${field.param}`;
  const described = `hint-${field.param} error-${field.param}`;
  const hint = h('p', { class: field.help ? 'hint' : 'hint visually-hidden', id: `hint-${field.param}` }, field.help);
  const error = h('p', { class: 'error', id: `error-${field.param}`, 'aria-live': 'polite' });
  if (field.kind === 'flag') {
    return h(
      'div',
      { class: 'field check', 'data-param': field.param },
      h('input', { type: 'checkbox', id, name: field.param, 'aria-describedby': described }),
      h('label', { for: id }, field.label),
      hint,
      error,
    );
  }
  if (field.kind === 'multi') {
    return h(
      'fieldset',
      { class: 'field several', 'data-param': field.param, 'aria-describedby': described },
      h('legend', {}, field.label),
      h(
        'div',
        { class: 'choices' },
        (field.choices ?? []).map((c) =>
          h(
            'label',
            { class: 'choice' },
            h('input', { type: 'checkbox', name: field.param, value: c.value, id: `${id}-${c.value}` }),
            h('span', {}, c.label),
          ),
        ),
      ),
      hint,
      error,
    );
  }
  let input: HTMLElement;
  if (field.choices) {
    input = h('select', { id, name: field.param, 'aria-describedby': described }, selectOptions(field));
  } else {
    const numeric = field.kind === 'count' || field.kind === 'number';
    const { page, leftOut } = field.field;
    input = h('input', {
      type: 'text',
      id,
      name: field.param,
      inputmode: field.kind === 'count' ? 'numeric' : field.kind === 'number' ? 'decimal' : 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      class: numeric ? 'number' : 'text',
      placeholder: page?.placeholder ?? leftOut ?? (typeof field.initial === 'string' ? field.initial : ''),
      'aria-describedby': described,
      'data-step': field.kind === 'count' ? '1' : undefined,
      'data-min': field.kind === 'count' ? String(field.field.min ?? 0) : undefined,
      'data-max': field.kind === 'count' && field.field.max !== undefined ? String(field.field.max) : undefined,
    });
  }
  const stepper =
    field.kind === 'count' && !field.choices
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

/**
 * A list's options: its choices, in a player's words. The choice the system uses when the
 * field is left out stands for "left out" (value ''), so it is offered once; a field with
 * neither a default nor such a choice starts blank.
 */
function selectOptions(field: PageField): HTMLElement[] {
  const choices = field.choices ?? [];
  const { leftOut } = field.field;
  const blank = field.initial === '' && !choices.some((c) => c.value === leftOut);
  return [
    ...(blank ? [h('option', { value: '' }, '—')] : []),
    ...choices.map((c) => h('option', { value: c.value === leftOut ? '' : c.value }, c.label)),
  ];
}

/** A field's text from its input (checkboxes: true/false; several choices: `a,b`). */
function readInput(form: HTMLFormElement, field: PageField): string | boolean {
  if (field.kind === 'multi') {
    const boxes = form.querySelectorAll<HTMLInputElement>(`input[name="${field.param}"]`);
    return [...boxes]
      .filter((b) => b.checked)
      .map((b) => b.value)
      .join(',');
  }
  const input = form.elements.namedItem(field.param) as HTMLInputElement | HTMLSelectElement;
  return field.kind === 'flag' ? (input as HTMLInputElement).checked : input.value;
}

function writeInput(form: HTMLFormElement, field: PageField, value: string | boolean): void {
  if (field.kind === 'multi') {
    const chosen = String(value)
      .toLowerCase()
      .split(',')
      .map((s) => s.trim());
    for (const box of form.querySelectorAll<HTMLInputElement>(`input[name="${field.param}"]`))
      box.checked = chosen.includes(box.value);
    return;
  }
  const input = form.elements.namedItem(field.param) as HTMLInputElement | HTMLSelectElement;
  if (field.kind === 'flag') (input as HTMLInputElement).checked = value === true;
  else {
    // A value a link gives that is not one of the list's choices (an older link's `fort=2`) is shown as given.
    if (input instanceof HTMLSelectElement && ![...input.options].some((o) => o.value === value))
      input.append(h('option', { value: String(value) }, String(value)));
    input.value = String(value);
  }
}

/** A question option's text box, in its page words. */
function optionRow(name: string, words: { label: string; help?: string }, mode: string): HTMLElement {
  return textRow(name, words.label, words.help ?? '', mode);
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

/** One up or down, within the field's limits. */
function nudge(input: HTMLInputElement, by: number): void {
  const current = /^-?\d+$/.test(input.value.trim()) ? Number(input.value) : Number(input.placeholder) || 0;
  const min = Number(input.dataset.min ?? 0);
  const max = input.dataset.max === undefined ? Infinity : Number(input.dataset.max);
  input.value = String(Math.min(max, Math.max(min, current + by)));
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
