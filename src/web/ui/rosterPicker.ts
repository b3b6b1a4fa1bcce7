/**
 * A roster field as a picker (the field's catalogue, src/core/form), built to be used by taps:
 * - the counters chosen, as chips: name and stats, − and + for how many (typed too), tap the
 *   name for more (change its stats, remove); "Clear" empties the side in one tap;
 * - the roster to browse without typing: its groups (terrains, special characters, and the
 *   counters this player uses most, first), each counter a tile with its value and kind, a tap
 *   to add; an empty side opens it, on the group last used;
 * - a search of the roster (a name that is the search itself first: "giant" lists the Giant first);
 * - a counter of one's own made from fields, named for the player (renamable).
 * The field's value stays the command line's text (`2x Giant, Elves:2R`), so links and the
 * command line read the same; a count left empty or 0 stays in it (`0x Troll`), so the question
 * says what is wrong rather than answering for the count it had.
 */
import type { CatalogueCounter, CounterCatalogue, CounterItem, CustomStats } from '../../core/form/form.js';
import { parseItems } from '../../core/form/read.js';
import { MAX_COUNT } from '../question/toQuestion.js';
import { h, fill } from './dom.js';
import { announceChange, check, checkedValue, segmented, stepper } from './controls.js';

/** Search results shown at once. */
const RESULTS = 8;
/** The counters of the "most used" group. */
const USUAL = 12;
const USUAL_GROUP = 'Your most used';

export interface RosterPicker {
  element: HTMLElement;
  read(): string;
  write(text: string): void;
}

interface Item extends CounterItem {
  /** Not read as an item (kept as given, shown as a problem). */
  raw?: string;
  /** A count as typed that is no count (empty, 0): kept, so the question refuses it. */
  countText?: string;
}

/** What this browser remembers of the roster: how often each counter was added, and the group last browsed. */
const memory = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(`battle-odds:${key}`) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(`battle-odds:${key}`, value);
    } catch {
      // Private browsing: nothing is remembered.
    }
  },
};

function usage(noun: string): Record<string, number> {
  try {
    const parsed = JSON.parse(memory.get(`used:${noun}`) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function used(noun: string, id: string): void {
  const counts = usage(noun);
  counts[id] = (Number(counts[id]) || 0) + 1;
  memory.set(`used:${noun}`, JSON.stringify(counts));
}

/** The group a counter is browsed under: its `more` words (a terrain, "special character"), capitalised. */
function groupOf(c: CatalogueCounter): string {
  const more = c.more ?? '';
  return more === '' ? 'All' : more === 'special character' ? 'Special characters' : capital(more);
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
  let browsing = false;

  const chips = h('ul', { class: 'chips', 'aria-label': `${options.label}: chosen` });
  const clear = h(
    'button',
    { type: 'button', class: 'clear', 'aria-label': `${options.label}: clear them all` },
    'Clear',
  );
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
  const browseButton = h(
    'button',
    { type: 'button', class: 'browse-open', 'aria-expanded': 'false', 'aria-controls': `${options.id}-browse` },
    'Browse the roster',
  );
  const groupsBox = h('div', { class: 'groups', role: 'group', 'aria-label': 'Groups of the roster' });
  const tiles = h('ul', { class: 'tiles', 'aria-label': 'Roster' });
  const browse = h('div', { class: 'browse', id: `${options.id}-browse`, hidden: true }, groupsBox, tiles);
  const own = catalogue.custom ? ownForm(catalogue, options.id) : null;
  const ownButton = catalogue.custom
    ? h('button', { type: 'button', class: 'own-open' }, `+ A ${catalogue.noun} of your own`)
    : null;
  const element = h(
    'div',
    { class: 'picker' },
    chips,
    h('div', { class: 'picker-buttons' }, browseButton, ownButton, clear),
    browse,
    own?.element,
    search,
    results,
  );

  const changed = () => {
    render();
    announceChange(element);
  };

  const add = (id: string) => {
    const found = catalogue.read(id);
    if (!found) return;
    used(catalogue.noun, id);
    const at = items.findIndex((i) => !i.raw && i.countText === undefined && sameCounter(i, found));
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
    clear.hidden = items.length === 0;
    if (own) own.element.hidden = editing === null;
    if (ownButton) ownButton.hidden = editing !== null;
    browse.hidden = !browsing;
    browseButton.setAttribute('aria-expanded', String(browsing));
    browseButton.textContent = browsing ? 'Close the roster' : 'Browse the roster';
    // The tiles are built when the roster opens (or its group changes); a tap on one only updates their counts.
    if (!browsing) fill(tiles);
    else if (tiles.childElementCount === 0) showTiles();
    else countTiles();
  }

  /** How many of each tile's counter are chosen, on the tiles shown. */
  function countTiles(): void {
    for (const tile of tiles.querySelectorAll<HTMLButtonElement>('button.tile')) {
      const item = catalogue.read(tile.dataset.id ?? '');
      const n = items.filter((i) => item && !i.raw && sameCounter(i, item)).reduce((k, i) => k + i.count, 0);
      let badge = tile.querySelector<HTMLElement>('.chosen');
      if (n > 0 && !badge) tile.append((badge = h('span', { class: 'chosen', 'aria-hidden': 'true' })));
      if (badge) {
        badge.hidden = n === 0;
        badge.textContent = `×${n}`;
      }
      const base = tile.dataset.label ?? '';
      tile.setAttribute('aria-label', n > 0 ? `${base} (${n} chosen)` : base);
    }
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
      h('span', { class: 'name' }, name),
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
      if (items.length === 0) browsing = true;
      changed();
    });
    let count: HTMLElement | null = null;
    if (!catalogue.single && !item.raw) {
      const countId = `${options.id}-count-${i}`;
      const built = stepper({ id: countId, label: `${name}: how many`, min: 1, max: MAX_COUNT });
      built.input.value = item.countText ?? String(item.count);
      built.input.setAttribute('aria-label', `${name}: how many`);
      built.input.addEventListener('input', (event) => {
        // The count's own change: the picker tells the form once the item is updated.
        event.stopPropagation();
        const text = built.input.value.trim();
        const n = Number(text);
        // A count that is none (empty, 0, not a number) stays as typed: the question then says what is wrong.
        items[i] =
          /^\d+$/.test(text) && n >= 1 && n <= MAX_COUNT
            ? { ...item, count: n, countText: undefined }
            : { ...item, countText: text };
        // The text changes; a count being typed keeps its focus (after a tap on − or +, no keyboard opens).
        const typing = document.activeElement === built.input;
        render();
        if (typing) (chips.querySelector(`#${countId}`) as HTMLInputElement | null)?.focus({ preventScroll: true });
        announceChange(element);
      });
      count = h('div', { class: 'count' }, built.control);
    }
    const change =
      own && !item.raw
        ? h(
            'button',
            { type: 'button', class: 'change' },
            catalogue.describe(item).problem ? 'Give its stats' : 'Rename or change its stats',
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
      h('div', { class: 'chip-row' }, head, count),
      words.note ? h('p', { class: 'note' }, words.note) : null,
      words.problem ? h('p', { class: 'error' }, `${capital(words.problem)}.`) : null,
      isOpen ? h('div', { class: 'chip-edit' }, change, remove) : null,
    );
  }

  clear.addEventListener('click', () => {
    items = [];
    open = -1;
    editing = null;
    browsing = true;
    changed();
  });
  browseButton.addEventListener('click', () => {
    browsing = !browsing;
    render();
  });

  // The roster browsed: the groups (the most used first, when there are any), the tiles of the one chosen.
  function groups(): Array<{ name: string; counters: readonly CatalogueCounter[] }> {
    const all = catalogue.counters();
    const byGroup = new Map<string, CatalogueCounter[]>();
    for (const c of all) byGroup.set(groupOf(c), [...(byGroup.get(groupOf(c)) ?? []), c]);
    const counts = usage(catalogue.noun);
    const usual = all
      .filter((c) => (counts[c.id] ?? 0) > 0)
      .sort((a, b) => (counts[b.id] ?? 0) - (counts[a.id] ?? 0) || a.name.localeCompare(b.name))
      .slice(0, USUAL);
    const sorted = [...byGroup].map(([name, counters]) => ({
      name,
      counters: [...counters].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    }));
    return usual.length > 0 ? [{ name: USUAL_GROUP, counters: usual }, ...sorted] : sorted;
  }

  function showTiles(): void {
    const all = groups();
    const remembered = memory.get(`group:${catalogue.noun}`);
    const chosen = all.find((g) => g.name === remembered) ?? all[0];
    const name = `${options.id}-group`;
    if (all.length > 1) {
      const buttons = segmented(
        name,
        name,
        all.map((g) => ({ value: g.name, label: g.name })),
      );
      check(buttons, name, chosen.name);
      buttons.addEventListener('input', (event) => {
        // Browsing changes no question.
        event.stopPropagation();
        memory.set(`group:${catalogue.noun}`, checkedValue(buttons, name));
        showTiles();
      });
      buttons.classList.add('group-buttons');
      fill(groupsBox, buttons);
    } else fill(groupsBox);
    fill(
      tiles,
      chosen.counters.map((c) => {
        const label = `Add ${c.name}, ${c.summary}`;
        const tile = h(
          'button',
          { type: 'button', class: 'tile', 'data-id': c.id, 'data-label': label, 'aria-label': label },
          h('span', { class: 'name' }, c.name),
          // Value and kind at a glance: one die is the rule, said only when it is two.
          h('span', { class: 'stats' }, c.summary.replace(' · 1 die', '')),
        );
        tile.addEventListener('click', () => add(c.id));
        return h('li', {}, tile);
      }),
    );
    countTiles();
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
    const matches = searchRoster(catalogue.counters(), query).slice(0, RESULTS);
    fill(
      results,
      matches.length === 0
        ? h('li', { class: 'none' }, `No ${catalogue.noun} in the roster matches “${search.value.trim()}”.`)
        : matches.map((c) => {
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
    own?.fillFrom(null, ownName(items));
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
    read: () =>
      items.map((i) => i.raw ?? (i.countText !== undefined ? badCount(catalogue, i) : catalogue.write(i))).join(','),
    write(text) {
      items = parseItems(text).map((t) => {
        const bare = /^\s*x\s+(.+)$/i.exec(t);
        if (bare) {
          const item = catalogue.read(bare[1]);
          if (item) return { ...item, countText: '' };
        }
        const item = catalogue.read(t);
        if (item && (item.count < 1 || item.count > MAX_COUNT)) return { ...item, countText: String(item.count) };
        return item ?? { count: 1, name: t, stats: '', raw: t };
      });
      open = -1;
      editing = null;
      render();
    },
  };
}

/** An item whose count is none, as the field's text: `0x Troll`, or `x Troll` for a count left empty. */
function badCount(catalogue: CounterCatalogue, item: Item): string {
  const rest = catalogue.write({ ...item, count: 1 });
  const text = (item.countText ?? '').trim();
  return /^\d+$/.test(text) ? `${text}x ${rest}` : `x ${rest}`;
}

/**
 * The roster's counters a search finds, best first: the name that is the search itself, then names
 * starting with it, then a word starting with it, then the rest; shorter names first within each.
 */
export function searchRoster(counters: readonly CatalogueCounter[], query: string): CatalogueCounter[] {
  const q = query.trim().toLowerCase();
  const words = q.split(/\s+/).filter(Boolean);
  const rank = (c: CatalogueCounter) => {
    const name = c.name.toLowerCase();
    if (name === q) return 0;
    if (name.startsWith(q)) return 1;
    if (name.split(/\s+/).some((w) => w.startsWith(words[0] ?? ''))) return 2;
    return 3;
  };
  return counters
    .map((c) => ({ c, text: `${c.name} ${c.more ?? ''}`.toLowerCase(), rank: rank(c) }))
    .filter(({ text }) => words.every((w) => text.includes(w)))
    .sort((a, b) => a.rank - b.rank || a.c.name.length - b.c.name.length || a.c.name.localeCompare(b.c.name))
    .map(({ c }) => c);
}

/** A name for a counter of the player's own that no other chosen counter has: "My creature", "My creature 2" ... */
function ownName(items: readonly Item[]): string {
  const taken = new Set(items.map((i) => i.name.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'My creature' : `My creature ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
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
  /** The form for an item (null: a new one, named `name`). */
  fillFrom(item: CounterItem | null, name?: string): void;
  focus(): void;
  /** Called with the counter made (or null: cancelled). */
  onDone(done: (item: CounterItem | null) => void): void;
}

/** A counter of one's own, from fields: its name (one is given), combat value, step and flags. */
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
  const title = h('p', { class: 'own-title' }, `A ${catalogue.noun} of your own`);
  const element = h(
    'div',
    { class: 'own', hidden: true },
    title,
    h('div', { class: 'field' }, h('label', { for: name.id }, 'Name (yours to change)'), name),
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
    fillFrom(item, given) {
      // A roster counter's stats are its own: read from the catalogue (`Giant` is 4 ranged).
      const statsText = item ? item.stats || statsOf(catalogue, item) : '';
      const stats = custom.read(statsText);
      name.value = item?.name ?? given ?? '';
      value.input.value = String(stats?.value ?? 3);
      check(kinds, `${prefix}-kind`, stats?.kind ?? custom.kinds.choices[0].value);
      for (const f of flags) {
        const box = f.querySelector('input') as HTMLInputElement;
        box.checked = stats?.flags.includes(box.value) ?? false;
      }
      save.textContent = item ? 'Save' : 'Add';
      title.textContent = item ? `${item.name}: its name and stats` : `A ${catalogue.noun} of your own`;
      problem.textContent = '';
    },
    // The kind first: the name is given, and a phone's keyboard opens only when the player taps a text box.
    focus: () => kinds.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: false }),
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
