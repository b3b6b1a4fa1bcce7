/**
 * The question form of one system, generated from its question form (src/core/form, seen
 * through question/fields.ts): a control per field in a player's words, chosen by the field's
 * kind (fieldControls.ts: steppers, rows of buttons, a roster picker ... to tap, not type),
 * the kinds of question as a radio group, "More options", and the engine's settings for
 * systems that sample. Fields the question does not ask are hidden (and, where they depend
 * on another field's value, cleared). Every change calls `onChange` with the new state.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import { askedIn, isAsked, fieldsOf, kindsOf, plansTurns, TURN_KIND, type PageField } from '../question/fields.js';
import { adviceOptions, hasChance, SEED_TEXT, TRIALS_TEXT, type PageState } from '../question/state.js';
import type { Problem } from '../question/toQuestion.js';
import { h } from './dom.js';
import { tableForm } from './tableForm.js';
import { fieldControl, oneOfControl, type FieldControl } from './fieldControls.js';
import { OBJECTIVE_WORDS, QUESTION_OPTIONS } from '../../core/form/questionOptions.js';
import type { BattleReport } from '../../core/model/report.js';
import { exampleTurn } from '../turn/board.js';
import { turnEditor } from './turnEditor.js';

export interface QuestionForm {
  element: HTMLFormElement;
  read(): PageState;
  write(state: PageState): void;
  showProblems(problems: Problem[]): void;
  /** The answer's plan of a turn, marked on the board (null: no answer for it now). */
  showPlan(report: BattleReport | null): void;
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
        h('legend', {}, plansTurns(module) ? 'Kind of question' : 'Kind of attack'),
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
  // "Plan a turn": the board and the turn's questions, shown for that kind only.
  const editor = plansTurns(module) ? turnEditor(state.turn ?? exampleTurn()) : null;
  if (editor) form.append(editor.element);
  // One control per field; flags asked as one choice (a city or a village) share one.
  const controls = new Map<string, FieldControl>();
  const groups = (module.form.oneOf ?? []).map((g) => {
    const members = fields.filter((f) => g.keys.includes(f.key));
    return { members, control: oneOfControl(g, members) };
  });
  const main = h('div', { class: 'fields' });
  const more = h('div', { class: 'fields' });
  for (const field of fields) {
    const grouped = groups.find((g) => g.members.includes(field));
    if (grouped) {
      if (grouped.members[0] === field) (field.more ? more : main).append(grouped.control.row);
      continue;
    }
    const control = fieldControl(field);
    controls.set(field.param, control);
    (field.more ? more : main).append(control.row);
  }
  form.append(main);
  const extra = h(
    'details',
    { class: 'more' },
    h('summary', {}, 'More options'),
    more,
    editor ? editor.rules : null,
    h(
      'div',
      { class: 'fields' },
      // A target probability only where there are dice (Princes & Queens has none: every answer is certain).
      hasChance(module) ? targetRow() : null,
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

  const valueOf = (field: PageField): string | boolean => {
    const control = controls.get(field.param);
    if (control) return control.read();
    const grouped = groups.find((g) => g.members.includes(field));
    return grouped ? grouped.control.read(field.param) : field.initial;
  };

  /**
   * The question last written: what no field holds is kept from it (a game that samples nothing keeps its seed and
   * trials; what the answer asked to solve for, "What would make it fair?", is kept with the question).
   */
  let written = state;
  const read = (): PageState => {
    const values: Record<string, string | boolean> = {};
    for (const field of fields) values[field.param] = valueOf(field);
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const kind = kinds ? value('kind') || kinds[0].value : undefined;
    // A turn asks no target, advice or table: its board instead (the fields keep theirs for the other kinds).
    if (kind === TURN_KIND && editor)
      return {
        system: module.system.id,
        kind,
        values,
        method: sampling ? (value('method') as PageState['method']) : 'auto',
        seed: sampling ? value('seed') : written.seed,
        trials: sampling ? value('trials') : written.trials,
        target: '',
        advise: false,
        objective: '',
        territoryWorth: '',
        ...(written.solveFor ? { solveFor: written.solveFor } : {}),
        turn: editor.read(),
      };
    return {
      system: module.system.id,
      ...(kind ? { kind } : {}),
      values,
      method: sampling ? (value('method') as PageState['method']) : 'auto',
      seed: sampling ? value('seed') : written.seed,
      trials: sampling ? value('trials') : written.trials,
      target: value('target'),
      advise: (form.elements.namedItem('advise') as HTMLInputElement).checked,
      objective: value('objective'),
      territoryWorth: value('territory-worth'),
      ...(table.read() ? { table: table.read() } : {}),
      ...(written.solveFor ? { solveFor: written.solveFor } : {}),
    };
  };

  const writeField = (field: PageField, value: string | boolean) => controls.get(field.param)?.write(value);

  /**
   * Shows the fields the question asks and hides the rest: another kind's (kept while the
   * page is open), and those that depend on another field's value (a defending Prince's
   * distance, only for a Prince), which are cleared as they hide. The advice's objective
   * shows with advice only, a territory's worth with the objective `value` only. Whether
   * anything was cleared.
   */
  const showAsked = (current: PageState): boolean => {
    let cleared = false;
    const turn = current.kind === TURN_KIND;
    if (editor) {
      editor.element.hidden = !turn;
      editor.rules.hidden = !turn;
      table.element.hidden = turn;
      for (const param of ['target', 'advise']) {
        const row = form.querySelector<HTMLElement>(`[data-param="${param}"]`);
        if (row) row.hidden = turn;
      }
    }
    for (const field of fields) {
      const row = form.querySelector<HTMLElement>(`[data-param="${field.param}"]`);
      if (!row) continue;
      const asked = askedIn(module, field, current);
      row.hidden = !asked;
      if (!asked && isAsked(field, current.kind) && current.values[field.param] !== field.initial) {
        writeField(field, field.initial);
        cleared = true;
      }
    }
    const objectiveRow = form.querySelector<HTMLElement>('[data-param="objective"]');
    const worthRow = form.querySelector<HTMLElement>('[data-param="territory-worth"]');
    if (objectiveRow) objectiveRow.hidden = !current.advise;
    if (worthRow) {
      worthRow.hidden = adviceOptions(current).objective !== 'value';
      if (worthRow.hidden && current.territoryWorth !== '') {
        (form.elements.namedItem('territory-worth') as HTMLInputElement).value = '';
        cleared = true;
      }
    }
    return cleared;
  };

  const write = (next: PageState) => {
    written = next;
    for (const field of fields) writeField(field, next.values[field.param] ?? field.initial);
    for (const g of groups) g.control.write(next.values);
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
    const asked = next.target !== '' || next.advise;
    if (fields.some((f) => f.more && (next.values[f.param] ?? f.initial) !== f.initial) || asked) extra.open = true;
    if (engine && (next.method !== 'auto' || next.seed !== SEED_TEXT || next.trials !== TRIALS_TEXT))
      engine.open = true;
    if (editor && next.kind === TURN_KIND) editor.write(next.turn ?? exampleTurn());
    showAsked(read());
    table.write(next);
  };

  const showProblems = (problems: Problem[]) => {
    editor?.showProblems(problems);
    for (const error of form.querySelectorAll<HTMLElement>('.error[id^="error-"]')) {
      const param = error.id.slice('error-'.length);
      const problem = problems.find((p) => p.param === param);
      error.textContent = problem ? problem.message : '';
      const row = error.closest<HTMLElement>('[data-param]');
      const input = row?.querySelector<HTMLElement>('input, select');
      if (input) {
        if (problem) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
      if (problem && row?.closest('details')) (row.closest('details') as HTMLDetailsElement).open = true;
    }
  };

  const changed = (event: Event) => {
    let next = read();
    // A field that stops applying (a Prince's distance when the defender becomes a Queen) is cleared as it hides.
    if (showAsked(next)) next = read();
    if ((event.target as HTMLInputElement).name === 'kind') table.write(next);
    onChange(next, event.timeStamp || performance.now());
  };
  // Text, selects, checkboxes and radios all report through `input`.
  form.addEventListener('input', changed);
  form.addEventListener('click', (event) => step(event, form));
  form.addEventListener('keydown', (event) => arrowStep(event));
  write(state);
  return { element: form, read, write, showProblems, showPlan: (report) => editor?.showPlan(report) };
}

/** Targets a player taps rather than types (any other can be typed). */
const TARGETS = ['50%', '67%', '75%', '80%', '90%'];

/** The target probability: a text box, with the usual targets as buttons that fill it in (and one to clear it). */
function targetRow(): HTMLElement {
  const row = optionRow('target', QUESTION_OPTIONS.target.page, 'decimal');
  const input = row.querySelector('input') as HTMLInputElement;
  input.classList.add('number');
  const buttons = [...TARGETS, ''].map((t) =>
    h('button', { type: 'button', class: 'preset', 'data-target': t }, t === '' ? 'None' : t),
  );
  const presets = h('div', { class: 'presets', role: 'group', 'aria-label': 'Usual targets' }, buttons);
  presets.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.preset');
    if (!button) return;
    input.value = button.dataset.target ?? '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  input.after(presets);
  return row;
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
  const step = Number(input.dataset.step) || 1;
  nudge(input, event.key === 'ArrowUp' ? step : -step);
}

/** One step up or down, within the field's limits. */
function nudge(input: HTMLInputElement, by: number): void {
  const text = input.value.trim();
  const current = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number(input.placeholder) || 0;
  const min = Number(input.dataset.min ?? 0);
  const max = input.dataset.max === undefined ? Infinity : Number(input.dataset.max);
  input.value = String(Math.min(max, Math.max(min, current + by)));
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
