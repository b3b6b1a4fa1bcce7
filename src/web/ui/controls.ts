/**
 * The page's small controls, built to be tapped: a number with − and + beside it, and a row
 * of buttons for one choice among a few (radio buttons underneath, so a keyboard and a
 * screen reader use them as radio buttons). The form's click handler steps the numbers.
 */
import { h } from './dom.js';

export interface StepperOptions {
  id: string;
  /** The input's name in the form (left out for inputs a composite control reads itself). */
  name?: string;
  /** Words for the buttons: "Attacking armies minus one". */
  label: string;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
  describedBy?: string;
}

/** A number box with − and + buttons (the form's `step` handler moves it within its limits). */
export function stepper(options: StepperOptions): { control: HTMLElement; input: HTMLInputElement } {
  const step = options.step ?? 1;
  const input = h('input', {
    type: 'text',
    id: options.id,
    name: options.name,
    inputmode: Number.isInteger(step) ? 'numeric' : 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    class: 'number',
    placeholder: options.placeholder ?? '',
    'aria-describedby': options.describedBy,
    'data-step': String(step),
    'data-min': String(options.min ?? 0),
    'data-max': options.max !== undefined ? String(options.max) : undefined,
  });
  const button = (by: number, text: string, words: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'step',
        'data-for': options.id,
        'data-by': String(by),
        tabindex: -1,
        'aria-label': `${options.label} ${words}`,
      },
      text,
    );
  const minus = Number.isInteger(step) ? 'minus one' : `minus ${step}`;
  const plus = Number.isInteger(step) ? 'plus one' : `plus ${step}`;
  return {
    control: h('div', { class: 'control' }, input, button(-step, '−', minus), button(step, '+', plus)),
    input,
  };
}

export interface SegmentChoice {
  value: string;
  label: string;
}

/**
 * One choice among a few as a row of buttons (long labels: a list, one per line); `name`
 * is the radio group's name, `idPrefix` starts each radio's id.
 */
export function segmented(
  name: string,
  idPrefix: string,
  choices: readonly SegmentChoice[],
  describedBy?: string,
): HTMLElement {
  const long = choices.some((c) => c.label.length > 18) || choices.length > 5;
  return h(
    'div',
    { class: long ? 'segments list' : 'segments', role: 'radiogroup' },
    choices.map((c, i) =>
      h(
        'label',
        { class: 'segment' },
        h('input', {
          type: 'radio',
          name,
          value: c.value,
          id: `${idPrefix}-${c.value || `none-${i}`}`,
          'aria-describedby': describedBy,
        }),
        h('span', {}, c.label),
      ),
    ),
  );
}

/** The value of the checked radio of a group inside `box` ('' when none is checked). */
export function checkedValue(box: ParentNode, name: string): string {
  return box.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`)?.value ?? '';
}

/** Checks the radio with this value (none when no radio has it). */
export function check(box: ParentNode, name: string, value: string): void {
  for (const radio of box.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`))
    radio.checked = radio.value === value;
}

/** A change made by a control's own script (not by typing), told to the form like one. */
export function announceChange(element: Element): void {
  element.dispatchEvent(new Event('input', { bubbles: true }));
}
