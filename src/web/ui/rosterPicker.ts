/**
 * A roster field as a picker (the field's catalogue, src/core/form): the counters chosen
 * as chips (name, how many, value, step, dice and flags), a search of the roster whose
 * results are added with a tap, and a counter of one's own made from fields. Tapping a chip
 * opens it: how many (− and +), remove, change its stats. The field's value stays the
 * command line's text (`2x Giant, Elves:2R`), so links and the command line read the same.
 */
import type { CounterCatalogue, CounterItem, CustomStats } from '../../core/form/form.js';
import { parseItems } from '../../core/form/read.js';
import { h, fill } from './dom.js';
import { announceChange, check, checkedValue, segmented, stepper } from './controls.js';

/** Search results shown at once. */
const RESULTS = 8;
/** The most of one counter a chip counts up to (a side holds at most 30: the entry says so beyond). */
const MAX_COUNT = 30;

export interface RosterPicker {
  element: HTMLElement;
  read(): string;
  write(text: string): void;
}

interface Item extends CounterItem {
  /** Not read as an item (kept as given, shown as a problem). */
  raw?: string;
}

export function rosterPicker(
  catalogue: CounterCatalogue,
  options: { id: string; label: string; describedBy: string },
): RosterPicker {
  let items: Item[] = [];
  /** The chip open for changes (its index), or -1. */
  let open = -1;
  /** The item the own-counter form changes (its index), -1 for a new one, null when closed. */
  let editing: number | null = null;

  const chips = h('ul', { class: 'chips', 'aria-label': `${options.label}: chosen` });
  const search = h('input', {
    type: 'search',
    id: options.id,
    class: 'text search',
    autocomplete: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
    placeholder: 'Search the roster',
    'aria-label': `${options.label}: search the roster to add a ${catalogue.noun}`,
    'aria-describedby': options.describedBy,
    'aria-controls': `${options.id}-results`,
  });
  const results = h('ul', { class: 'results', id: `${options.id}-results`, 'aria-label': 'Search results' });
  const own = catalogue.custom ? ownForm(catalogue, options.id) : null;
  const ownButton = catalogue.custom
    ? h('button', { type: 'button', class: 'own-open' }, `+ A ${catalogue.noun} of your own`)
    : null;
  const element = h('div', { class: 'picker' }, chips, search, results, ownButton, own?.element);

  const changed = () => {
    render();
    announceChange(element);
  };

  const add = (id: string) => {
    const found = catalogue.read(id);
    if (!found) return;
    const at = items.findIndex((i) => !i.raw && sameCounter(i, found));
    if (at >= 0 && !catalogue.single)
      items[at] = { ...items[at], count: Math.min(MAX_COUNT, items[at].count + found.count) };
    else if (at < 0) items.push(found);
    changed();
  };

  function render(): void {
    fill(
      chips,
      items.map((item, i) => chip(item, i)),
    );
    if (own) own.element.hidden = editing === null;
    if (ownButton) ownButton.hidden = editing !== null;
  }

  function chip(item: Item, i: number): HTMLElement {
    const words = item.raw ? { summary: '', problem: `cannot read “${item.raw}”` } : catalogue.describe(item);
    const isOpen = open === i;
    const name = item.raw ?? item.name;
    const head = h(
      'button',
      {
        type: 'button',
        class: words.problem ? 'chip bad' : 'chip',
        'aria-expanded': String(isOpen),
        'data-chip': String(i),
      },
      h('span', { class: 'name' }, item.count > 1 ? `${item.count}× ${name}` : name),
      words.summary ? h('span', { class: 'stats' }, words.summary) : null,
    );
    head.addEventListener('click', () => {
      open = isOpen ? -1 : i;
      render();
    });
    const remove = h('button', { type: 'button', class: 'remove' }, 'Remove');
    remove.addEventListener('click', () => {
      items.splice(i, 1);
      open = -1;
      changed();
    });
    let count: HTMLElement | null = null;
    if (!catalogue.single && !item.raw) {
      const countId = `${options.id}-count-${i}`;
      const built = stepper({ id: countId, label: `${name}: how many`, min: 1, max: MAX_COUNT });
      built.input.value = String(item.count);
      built.input.addEventListener('input', (event) => {
        // The count's own change: the picker tells the form once the item is updated.
        event.stopPropagation();
        const n = Number(built.input.value);
        if (!Number.isInteger(n) || n < 1) return;
        items[i] = { ...item, count: Math.min(MAX_COUNT, n) };
        // The text changes; the chip stays open where the player's finger is.
        render();
        (chips.querySelector(`#${countId}`) as HTMLInputElement | null)?.focus({ preventScroll: true });
        announceChange(element);
      });
      count = h('div', { class: 'count' }, h('label', { for: countId }, 'How many'), built.control);
    }
    const change =
      own && !item.raw
        ? h(
            'button',
            { type: 'button', class: 'change' },
            catalogue.describe(item).problem ? 'Give its stats' : 'Change its stats',
          )
        : null;
    change?.addEventListener('click', () => {
      editing = i;
      own?.fillFrom(item);
      open = -1;
      render();
      own?.focus();
    });
    return h(
      'li',
      { class: 'chip-item' },
      head,
      words.note ? h('p', { class: 'note' }, words.note) : null,
      words.problem ? h('p', { class: 'error' }, `${capital(words.problem)}.`) : null,
      isOpen ? h('div', { class: 'chip-edit' }, count, change, remove) : null,
    );
  }

  search.addEventListener('input', (event) => {
    // Typing a search changes no question.
    event.stopPropagation();
    showResults();
  });
  search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = results.querySelector<HTMLButtonElement>('button');
    first?.click();
  });

  function showResults(): void {
    const query = search.value.trim().toLowerCase();
    if (query === '') return fill(results);
    const words = query.split(/\s+/);
    const matches = catalogue
      .counters()
      .map((c) => ({ c, text: `${c.name} ${c.more ?? ''}`.toLowerCase() }))
      .filter(({ text }) => words.every((w) => text.includes(w)))
      // Names that start with the search first.
      .sort(
        (a, b) => Number(!a.c.name.toLowerCase().startsWith(query)) - Number(!b.c.name.toLowerCase().startsWith(query)),
      )
      .slice(0, RESULTS);
    fill(
      results,
      matches.length === 0
        ? h('li', { class: 'none' }, `No ${catalogue.noun} in the roster matches “${search.value.trim()}”.`)
        : matches.map(({ c }) => {
            const button = h(
              'button',
              { type: 'button', class: 'result', 'aria-label': `Add ${c.name}, ${c.summary}` },
              h('span', { class: 'name' }, c.name),
              h('span', { class: 'stats' }, [c.summary, c.more].filter(Boolean).join(' · ')),
            );
            button.addEventListener('click', () => {
              add(c.id);
              search.value = '';
              fill(results);
              search.focus({ preventScroll: true });
            });
            return h('li', {}, button);
          }),
    );
  }

  ownButton?.addEventListener('click', () => {
    editing = -1;
    own?.fillFrom(null);
    render();
    own?.focus();
  });
  own?.onDone((item) => {
    if (item) {
      if (editing !== null && editing >= 0) items[editing] = { ...item, count: items[editing].count };
      else items.push(item);
    }
    editing = null;
    if (item) changed();
    else render();
  });

  return {
    element,
    read: () => items.map((i) => i.raw ?? catalogue.write(i)).join(','),
    write(text) {
      items = parseItems(text).map((t) => catalogue.read(t) ?? { count: 1, name: t, stats: '', raw: t });
      open = -1;
      editing = null;
      render();
    },
  };
}

/** Two items of the same counter: the same name (any case) and the same stats. */
function sameCounter(a: CounterItem, b: CounterItem): boolean {
  return a.name.toLowerCase() === b.name.toLowerCase() && a.stats.toUpperCase() === b.stats.toUpperCase();
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface OwnForm {
  element: HTMLElement;
  fillFrom(item: CounterItem | null): void;
  focus(): void;
  /** Called with the counter made (or null: cancelled). */
  onDone(done: (item: CounterItem | null) => void): void;
}

/** A counter of one's own, from fields: its name, combat value, step and flags. */
function ownForm(catalogue: CounterCatalogue, id: string): OwnForm {
  const custom = catalogue.custom!;
  const prefix = `${id}-own`;
  const name = h('input', {
    type: 'text',
    id: `${prefix}-name`,
    class: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: `e.g. Dragon`,
  });
  const value = stepper({
    id: `${prefix}-value`,
    label: custom.value.label,
    min: custom.value.min,
    max: custom.value.max,
  });
  const kinds = segmented(`${prefix}-kind`, `${prefix}-kind`, custom.kinds.choices);
  const flags = custom.flags.map((f) =>
    h(
      'label',
      { class: 'choice' },
      h('input', { type: 'checkbox', value: f.value, 'data-flag': '' }),
      h('span', {}, f.label),
    ),
  );
  const problem = h('p', { class: 'error', 'aria-live': 'polite' });
  const save = h('button', { type: 'button', class: 'save' }, 'Add');
  const cancel = h('button', { type: 'button', class: 'cancel' }, 'Cancel');
  const element = h(
    'div',
    { class: 'own', hidden: true },
    h('p', { class: 'own-title' }, `A ${catalogue.noun} of your own`),
    h('div', { class: 'field' }, h('label', { for: name.id }, 'Name'), name),
    h('div', { class: 'field' }, h('label', { for: value.input.id }, custom.value.label), value.control),
    h('fieldset', { class: 'field several' }, h('legend', {}, custom.kinds.label), kinds),
    h('div', { class: 'choices' }, flags),
    problem,
    h('div', { class: 'own-buttons' }, save, cancel),
  );
  // Its inputs change no question until the counter is added.
  element.addEventListener('input', (event) => {
    if (event.target !== element) event.stopPropagation();
  });
  let done: (item: CounterItem | null) => void = () => undefined;

  save.addEventListener('click', () => {
    const text = name.value.trim().replace(/[,:]/g, ' ').replace(/\s+/g, ' ');
    const n = Number(value.input.value);
    if (text === '') return void (problem.textContent = 'Give it a name.');
    if (!Number.isInteger(n) || n < custom.value.min || n > custom.value.max)
      return void (problem.textContent = `${custom.value.label}: ${custom.value.min} to ${custom.value.max}.`);
    const stats: CustomStats = {
      value: n,
      kind: checkedValue(kinds, `${prefix}-kind`) || custom.kinds.choices[0].value,
      flags: flags
        .map((f) => f.querySelector('input') as HTMLInputElement)
        .filter((b) => b.checked)
        .map((b) => b.value),
    };
    problem.textContent = '';
    done({ count: 1, name: text, stats: custom.write(stats) });
  });
  cancel.addEventListener('click', () => done(null));

  return {
    element,
    fillFrom(item) {
      // A roster counter's stats are its own: read from the catalogue (`Giant` is 4 ranged).
      const statsText = item ? item.stats || statsOf(catalogue, item) : '';
      const stats = custom.read(statsText);
      name.value = item?.name ?? '';
      value.input.value = String(stats?.value ?? 3);
      check(kinds, `${prefix}-kind`, stats?.kind ?? custom.kinds.choices[0].value);
      for (const f of flags) {
        const box = f.querySelector('input') as HTMLInputElement;
        box.checked = stats?.flags.includes(box.value) ?? false;
      }
      save.textContent = item ? 'Save' : 'Add';
      problem.textContent = '';
    },
    focus: () => name.focus({ preventScroll: false }),
    onDone(callback) {
      done = callback;
    },
  };
}

/** The stats of the catalogue's counter an item names without stats (`Giant` -> `4R`), or ''. */
function statsOf(catalogue: CounterCatalogue, item: CounterItem): string {
  const name = item.name.toLowerCase();
  return catalogue.counters().find((c) => c.name.toLowerCase() === name)?.stats ?? '';
}
