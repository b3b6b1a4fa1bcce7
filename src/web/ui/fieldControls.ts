/**
 * One control per field of a question form, chosen by the field's kind (src/core/form):
 * a stepper for a count, a row of buttons for a choice among a few (a list for more), a
 * checkbox for a flag, checkboxes for several choices, a roster picker for counters, a
 * count that may be unknown as a known number or a range, conditions each switched on with
 * its number, and a text box for the rest. Each reads and writes the field's text, the
 * command line's syntax, so the question, the link and the command line stay one.
 */
import type { OneOfFlags } from '../../core/form/form.js';
import type { PageField } from '../question/fields.js';
import { h } from './dom.js';
import { announceChange, check, checkedValue, segmented, stepper } from './controls.js';
import { rosterPicker } from './rosterPicker.js';

export interface FieldControl {
  /** The field's row: its label, the control, the hint and the error. */
  row: HTMLElement;
  read(): string | boolean;
  write(value: string | boolean): void;
}

/** A list of choices gives way to a row of buttons up to this many. */
const MAX_SEGMENTS = 6;

export function fieldControl(field: PageField): FieldControl {
  switch (field.kind) {
    case 'flag':
      return flagControl(field);
    case 'multi':
      return multiControl(field);
    case 'roster':
      return field.field.catalogue ? rosterControl(field) : textControl(field);
    case 'range':
      return rangeControl(field);
    case 'conditions':
      return field.field.conditions ? conditionsControl(field) : textControl(field);
    case 'countOr':
      return countOrControl(field);
    default:
      if (field.choices) return field.choices.length <= MAX_SEGMENTS ? choiceControl(field) : selectControl(field);
      if (field.kind === 'count') return countControl(field);
      return textControl(field);
  }
}

const ids = (field: PageField) => ({
  id: `f-${field.param}`,
  hint: `hint-${field.param}`,
  error: `error-${field.param}`,
  described: `hint-${field.param} error-${field.param}`,
});

function hint(field: PageField): HTMLElement {
  const { hint: id } = ids(field);
  return h('p', { class: field.help ? 'hint' : 'hint visually-hidden', id }, field.help);
}

function error(field: PageField): HTMLElement {
  return h('p', { class: 'error', id: ids(field).error, 'aria-live': 'polite' });
}

/** A row with a label for one input. */
function row(field: PageField, control: HTMLElement | HTMLElement[], classes = 'field'): HTMLElement {
  return h(
    'div',
    { class: classes, 'data-param': field.param },
    h('label', { for: ids(field).id }, field.label),
    control,
    hint(field),
    error(field),
  );
}

/** A group of inputs under a legend (radio buttons, checkboxes, a composite control). */
function group(field: PageField, control: HTMLElement | HTMLElement[], classes = 'field several'): HTMLElement {
  return h(
    'fieldset',
    { class: classes, 'data-param': field.param, 'aria-describedby': ids(field).described },
    h('legend', {}, field.label),
    control,
    hint(field),
    error(field),
  );
}

function flagControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const input = h('input', { type: 'checkbox', id, name: field.param, 'aria-describedby': described });
  return {
    row: h(
      'div',
      { class: 'field check', 'data-param': field.param },
      input,
      h('label', { for: id }, field.label),
      hint(field),
      error(field),
    ),
    read: () => input.checked,
    write: (value) => void (input.checked = value === true),
  };
}

function multiControl(field: PageField): FieldControl {
  const { id } = ids(field);
  const boxes = (field.choices ?? []).map((c) =>
    h('input', { type: 'checkbox', name: field.param, value: c.value, id: `${id}-${c.value}` }),
  );
  const choices = h(
    'div',
    { class: 'choices' },
    boxes.map((box, i) => h('label', { class: 'choice' }, box, h('span', {}, field.choices?.[i].label ?? ''))),
  );
  return {
    row: group(field, choices),
    read: () =>
      boxes
        .filter((b) => b.checked)
        .map((b) => b.value)
        .join(','),
    write(value) {
      const chosen = String(value)
        .toLowerCase()
        .split(',')
        .map((s) => s.trim());
      for (const box of boxes) box.checked = chosen.includes(box.value);
    },
  };
}

/**
 * The choices in a player's words. The one the system uses when the field is left out
 * stands for "left out" (value ''), so it is offered once; a field with neither a default
 * nor such a choice offers "not given" first, in its own words where it has them.
 */
function choicesOf(field: PageField): Array<{ value: string; label: string }> {
  const choices = field.choices ?? [];
  const { leftOut } = field.field;
  const blank = field.initial === '' && !choices.some((c) => c.value === leftOut) && !field.field.required;
  return [
    ...(blank ? [{ value: '', label: field.field.page?.none ?? 'Not given' }] : []),
    ...choices.map((c) => ({ value: c.value === leftOut ? '' : c.value, label: c.label })),
  ];
}

function choiceControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const choices = choicesOf(field);
  let buttons = segmented(field.param, id, choices, described);
  const box = group(field, buttons, 'field several one');
  return {
    row: box,
    read: () => checkedValue(box, field.param),
    write(value) {
      const text = String(value);
      // A value a link gives that is not one of the choices (a loss order by name) is shown as given.
      if (text !== '' && !choices.some((c) => c.value === text)) {
        const given = segmented(field.param, id, [...choices, { value: text, label: `As given: ${text}` }], described);
        buttons.replaceWith(given);
        buttons = given;
      }
      check(box, field.param, text);
    },
  };
}

function selectControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const select = h(
    'select',
    { id, name: field.param, 'aria-describedby': described },
    choicesOf(field).map((c) => h('option', { value: c.value }, c.label)),
  );
  return {
    row: row(field, select),
    read: () => select.value,
    write(value) {
      // A value a link gives that is not one of the list's choices (an older link's `fort=2`) is shown as given.
      if (![...select.options].some((o) => o.value === value))
        select.append(h('option', { value: String(value) }, String(value)));
      select.value = String(value);
    },
  };
}

function placeholderOf(field: PageField): string {
  const { page, leftOut } = field.field;
  return page?.placeholder ?? leftOut ?? (typeof field.initial === 'string' ? field.initial : '');
}

function countControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const { control, input } = stepper({
    id,
    name: field.param,
    label: field.label,
    min: field.field.min,
    max: field.field.max,
    placeholder: placeholderOf(field),
    describedBy: described,
  });
  return {
    row: row(field, control),
    read: () => input.value,
    write: (value) => void (input.value = String(value)),
  };
}

function textControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const input = h('input', {
    type: 'text',
    id,
    name: field.param,
    inputmode: field.kind === 'number' ? 'decimal' : field.kind === 'counts' ? 'numeric' : 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    class: field.kind === 'number' ? 'number' : 'text',
    placeholder: placeholderOf(field),
    'aria-describedby': described,
  });
  return {
    row: row(field, input),
    read: () => input.value,
    write: (value) => void (input.value = String(value)),
  };
}

function rosterControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const picker = rosterPicker(field.field.catalogue!, { id, label: field.label, describedBy: described });
  return {
    row: row(field, picker.element, 'field roster'),
    read: () => picker.read(),
    write: (value) => picker.write(String(value)),
  };
}

/**
 * A count that may be unknown: a known number (a stepper), a range (from and to), or the
 * possible counts as given (`3,5,8`, typed).
 */
function rangeControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const { min, max } = field.field;
  const modes = [
    { value: 'known', label: 'Known' },
    { value: 'range', label: 'From … to' },
    { value: 'list', label: 'One of' },
  ];
  const mode = segmented(`${field.param}-mode`, `${id}-mode`, modes, described);
  const known = stepper({
    id,
    label: field.label,
    min,
    max,
    describedBy: described,
    placeholder: placeholderOf(field),
  });
  const from = stepper({ id: `${id}-from`, label: `${field.label}, at least`, min, max });
  const to = stepper({ id: `${id}-to`, label: `${field.label}, at most`, min, max });
  const list = h('input', {
    type: 'text',
    id: `${id}-list`,
    class: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    placeholder: 'e.g. 3,5,8',
    'aria-label': `${field.label}: the possible counts`,
  });
  const parts = {
    known: h(
      'div',
      { class: 'mode-known' },
      h('label', { class: 'visually-hidden', for: id }, field.label),
      known.control,
    ),
    range: h(
      'div',
      { class: 'mode-range control' },
      h('label', { for: from.input.id }, 'from'),
      from.control,
      h('label', { for: to.input.id }, 'to'),
      to.control,
    ),
    list: h('div', { class: 'mode-list' }, list),
  };
  const box = group(field, [mode, parts.known, parts.range, parts.list], 'field several range-field');
  const current = () => (checkedValue(mode, `${field.param}-mode`) || 'known') as keyof typeof parts;
  const show = () => {
    for (const [name, part] of Object.entries(parts)) part.hidden = name !== current();
  };
  // On `input`, before the form reads the question (the radio's event reaches the form after).
  mode.addEventListener('input', () => {
    // Switching to a range starts it around the known count (and back: the range's low end).
    const n = known.input.value.trim();
    if (current() === 'range' && from.input.value === '' && /^\d+$/.test(n)) {
      from.input.value = n;
      to.input.value = String(Math.min(max ?? Infinity, Number(n) + 3));
    }
    if (current() === 'known' && known.input.value === '' && from.input.value !== '')
      known.input.value = from.input.value;
    show();
  });
  const read = (): string => {
    switch (current()) {
      case 'range': {
        const [a, b] = [from.input.value.trim(), to.input.value.trim()];
        return a === '' && b === '' ? '' : `${a}-${b}`;
      }
      case 'list':
        return list.value.trim();
      default:
        return known.input.value.trim();
    }
  };
  return {
    row: box,
    read,
    write(value) {
      const text = String(value).trim();
      const range = /^(\d*)\s*(?:-|\.\.)\s*(\d*)$/.exec(text);
      const which = /,/.test(text) ? 'list' : range && text !== '' ? 'range' : 'known';
      check(mode, `${field.param}-mode`, which);
      known.input.value = which === 'known' ? text : '';
      from.input.value = which === 'range' ? (range?.[1] ?? '') : '';
      to.input.value = which === 'range' ? (range?.[2] ?? '') : '';
      list.value = which === 'list' ? text : '';
      show();
    },
  };
}

/**
 * Conditions each switched on with its number (`rounds:2+down-to:3`); none switched on is the
 * field's word for none (`never`). A part the conditions do not know (from a link) is kept as given.
 */
function conditionsControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const conditions = field.field.conditions ?? [];
  let unknown: string[] = [];
  const rows = conditions.map((c) => {
    const boxId = `${id}-${c.name}`;
    const box = h('input', { type: 'checkbox', id: boxId, value: c.name, 'aria-describedby': described });
    const number = stepper({ id: `${boxId}-n`, label: c.label, min: c.min, max: c.max, step: c.step });
    number.input.setAttribute('aria-label', c.label);
    const line = h('div', { class: 'condition' }, box, h('label', { for: boxId }, c.label), number.control);
    // Switched on, it shows its number (at its usual value); off, the number hides.
    box.addEventListener('input', () => {
      if (box.checked && number.input.value === '') number.input.value = String(c.start);
      number.control.hidden = !box.checked;
    });
    return { c, box, input: number.input, number: number.control, line };
  });
  const kept = h('p', { class: 'hint' });
  return {
    row: group(field, [...rows.map((r) => r.line), kept], 'field several conditions'),
    read() {
      const parts = rows.filter((r) => r.box.checked).map((r) => `${r.c.name}:${r.input.value.trim()}`);
      return [...parts, ...unknown].join('+');
    },
    write(value) {
      const text = String(value).trim();
      const parts = text === '' || text === field.field.leftOut ? [] : text.split('+').map((p) => p.trim());
      unknown = [];
      for (const r of rows) {
        r.box.checked = false;
        r.input.value = '';
      }
      for (const part of parts) {
        const [name, number = ''] = part.split(':').map((s) => s.trim());
        const found = rows.find((r) => r.c.name === name);
        if (found) {
          found.box.checked = true;
          found.input.value = number;
        } else unknown.push(part);
      }
      for (const r of rows) r.number.hidden = !r.box.checked;
      kept.textContent = unknown.length > 0 ? `Also, as given: ${unknown.join(' + ')}` : '';
    },
  };
}

/** A whole number, or one of the field's words (no retreat hex) as a checkbox that sets it instead. */
function countOrControl(field: PageField): FieldControl {
  const { id, described } = ids(field);
  const words = field.choices ?? [];
  const number = stepper({
    id,
    name: field.param,
    label: field.label,
    min: field.field.min,
    max: field.field.max,
    placeholder: placeholderOf(field),
    describedBy: described,
  });
  const boxes = words.map((w) =>
    h('input', { type: 'checkbox', id: `${id}-${w.value}`, value: w.value, 'data-word': '' }),
  );
  const lines = boxes.map((box, i) =>
    h('div', { class: 'field check' }, box, h('label', { for: box.id }, words[i].label)),
  );
  for (const box of boxes)
    box.addEventListener('input', () => {
      for (const other of boxes) if (other !== box) other.checked = false;
      number.control.hidden = boxes.some((b) => b.checked);
    });
  return {
    row: row(field, [number.control, ...lines]),
    read: () => boxes.find((b) => b.checked)?.value ?? number.input.value,
    write(value) {
      const text = String(value);
      for (const box of boxes) box.checked = box.value === text;
      const word = boxes.some((b) => b.checked);
      number.input.value = word ? '' : text;
      number.control.hidden = word;
    },
  };
}

/**
 * Flags of which at most one is set (a city or a village) as one choice: none, or one of
 * them. Reads and writes each flag's value.
 */
export function oneOfControl(
  group: OneOfFlags,
  fields: PageField[],
): {
  row: HTMLElement;
  read(param: string): boolean;
  write(values: Record<string, string | boolean>): void;
} {
  const name = `one-of-${fields.map((f) => f.param).join('-')}`;
  const choices = [{ value: '', label: group.page.none }, ...fields.map((f) => ({ value: f.param, label: f.label }))];
  const hintId = `hint-${name}`;
  const buttons = segmented(name, `f-${name}`, choices, hintId);
  const row = h(
    'fieldset',
    { class: 'field several one', 'data-param': fields[0].param, 'data-params': fields.map((f) => f.param).join(' ') },
    h('legend', {}, group.page.label),
    buttons,
    h('p', { class: group.page.help ? 'hint' : 'hint visually-hidden', id: hintId }, group.page.help ?? ''),
    fields.map((f) => h('p', { class: 'error', id: `error-${f.param}`, 'aria-live': 'polite' })),
  );
  return {
    row,
    read: (param) => checkedValue(buttons, name) === param,
    write(values) {
      check(buttons, name, fields.find((f) => values[f.param] === true)?.param ?? '');
    },
  };
}

export { announceChange };
