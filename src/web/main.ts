/**
 * The battle-odds page: pick a game, ask in the form, read the answer. The question lives
 * in the URL's fragment (copy the link: same question, same seed). Works offline after the
 * first visit (sw.ts).
 */
import { SYSTEM_MODULES, type SystemModule } from '../core/registry/systems.js';
import { Asker } from './answer/asker.js';
import { readHash, stateToHash } from './question/url.js';
import { exampleState, type PageState } from './question/state.js';
import { questionForm, type QuestionForm } from './ui/form.js';
import { PageAnswer } from './ui/answerView.js';
import { byId, h } from './ui/dom.js';
import { browserPool } from './workers/pool.js';

const pool = browserPool();
const view = new PageAnswer();
view.threads = pool.threads;
const asker = new Asker(pool, view);
// The workers that answer start now, loading the rule systems while the page builds its form.
asker.warm();
const picker = byId('system');
const pickerTitle = byId('system-title');
const formBox = byId('form');
const remembered = new Map<string, PageState>();
let module: SystemModule = SYSTEM_MODULES[0];
let form: QuestionForm | null = null;

// The game picker: one button per game, its full title under them (never cut to the width of a list).
picker.append(
  ...SYSTEM_MODULES.map((m) =>
    h(
      'label',
      { class: 'segment' },
      h('input', { type: 'radio', name: 'system', value: m.system.id, id: `game-${m.system.id}` }),
      h('span', {}, m.name),
    ),
  ),
);

const linkNote = byId('link-note');

/** What a link held that could not be read, in one line (none: the line hides). */
function noteLink(unread: readonly string[]): void {
  linkNote.hidden = unread.length === 0;
  linkNote.textContent = unread.length === 0 ? '' : `Not all of the link could be read: ${unread.join('; ')}.`;
}

/**
 * Opens a link's question: what can be read is asked, what cannot is said in one line. A
 * question the page cannot show (it should not happen) gives way to the game's first question,
 * with the reason: never a blank page.
 */
function open(hash: string): void {
  const link = readHash(SYSTEM_MODULES, hash);
  const state = link.state ?? exampleState(module);
  noteLink(link.unread);
  try {
    show(state);
  } catch (error) {
    noteLink([
      ...link.unread,
      `its question could not be shown (${(error as Error).message}): this is the game's first`,
    ]);
    show(exampleState(SYSTEM_MODULES.find((m) => m.system.id === state.system) ?? SYSTEM_MODULES[0]));
  }
}

function show(state: PageState): void {
  const next = SYSTEM_MODULES.find((m) => m.system.id === state.system) ?? SYSTEM_MODULES[0];
  // Another question of the game on show (a link followed, Back) is written into its form: what the player opened
  // stays open, and the page does not build and lay out the whole form again (most of a followed link's time).
  if (form && next === module) form.write(state);
  else {
    module = next;
    for (const radio of picker.querySelectorAll<HTMLInputElement>('input'))
      radio.checked = radio.value === module.system.id;
    pickerTitle.textContent = module.system.title;
    form = questionForm(module, state, changed);
    formBox.replaceChildren(form.element);
  }
  remembered.set(module.system.id, state);
  addressDue = null;
  replaceAddress(stateToHash(module, state));
  asker.ask(module, state);
}

/** The address the page wrote last, as the browser reads it back. */
let addressWritten = '';
function replaceAddress(hash: string): void {
  // Writing the address takes the browser a few ms: not done when it already reads so (a link followed as written).
  if (location.hash !== hash) history.replaceState(null, '', hash);
  addressWritten = location.hash;
}

/**
 * The address follows the question in a task of its own (writing it takes the browser a few ms). An address the
 * player went to in between (a link followed, Back) is theirs: the write due is dropped, never put over it.
 */
let addressDue: (() => void) | null = null;
function writeAddress(hash: string): void {
  const due = addressDue === null;
  addressDue = () => {
    if (location.hash === addressWritten) replaceAddress(hash);
  };
  if (due)
    setTimeout(() => {
      addressDue?.();
      addressDue = null;
    }, 0);
}

function changed(state: PageState, at: number): void {
  remembered.set(module.system.id, state);
  asker.ask(module, state, at);
  writeAddress(stateToHash(module, state));
}

picker.addEventListener('change', (event) => {
  const next = SYSTEM_MODULES.find((m) => m.system.id === (event.target as HTMLInputElement).value);
  if (!next || next === module) return;
  noteLink([]);
  show(remembered.get(next.system.id) ?? exampleState(next));
});

// "Aim for 53% instead" in the answer (no stop rule meets the target): the target moved, the question asked again.
view.moveTarget = (target) => {
  if (!form) return;
  const next = { ...form.read(), target };
  form.write(next);
  changed(next, performance.now());
};

// "What would make it fair?": the question solved for a number of its battle at a target ('': no more).
view.solveFor = (path, target) => {
  if (!form) return;
  const current = form.read();
  const next = path ? { ...current, solveFor: path, target } : { ...current, solveFor: '' };
  form.write(next);
  changed(next, performance.now());
};

// A turn's plan marked on its board once the answer is in (and taken off when it is not this board's).
view.planShown = (report) => form?.showPlan(report);

// "Show" beside a problem in the answer: the field, in view and focused (its section opened); a territory of a
// turn's board is focused itself (and so chosen).
view.focusField = (param) => {
  const row = formBox.querySelector<HTMLElement | SVGElement>(`[data-param="${param}"]`);
  const details = row?.closest('details');
  if (details) details.open = true;
  const input = row?.hasAttribute('tabindex') ? row : row?.querySelector<HTMLElement>('input, select, button');
  row?.scrollIntoView({ block: 'center' });
  input?.focus({ preventScroll: true });
  // A territory of a turn's board is chosen too: its panel shows what to change.
  row?.dispatchEvent(new CustomEvent('choose', { bubbles: true }));
};

// A problem is shown on its field when the form has one for it; the rest are said in the answer.
view.fieldProblems = (problems) => {
  form?.showProblems(problems);
  const placed = new Set(
    [...(form?.element.querySelectorAll<HTMLElement>('.field:not([hidden])') ?? [])].map((f) => f.dataset.param),
  );
  return problems.filter((p) => p.param === null || !placed.has(p.param));
};

window.addEventListener('hashchange', () => open(location.hash));

// Whatever goes wrong later, the page says so in the answer rather than going blank or still.
window.addEventListener('error', (event) => {
  // A layout a ResizeObserver's callback changed is measured again in the next frame: the browser's note, no failure.
  if (/^ResizeObserver loop/.test(event.message)) return;
  view.failed(event.error instanceof Error ? event.error : new Error(event.message));
});
window.addEventListener('unhandledrejection', (event) => {
  // A question replaced is no failure.
  if (event.reason instanceof Error && event.reason.name === 'AbortError') return event.preventDefault();
  view.failed(event.reason instanceof Error ? event.reason : new Error(String(event.reason)));
});

// "Skip to the answer" and the phone's answer bar move focus to the answer without putting
// `#answer` in the address (the address holds the question).
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href="#answer"]')) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const answer = byId('answer');
    answer.focus({ preventScroll: true });
    answer.scrollIntoView({ block: 'start' });
  });
}

byId('copy-link').addEventListener('click', async () => {
  addressDue?.();
  addressDue = null;
  const done = byId('copy-done');
  try {
    await navigator.clipboard.writeText(location.href);
    done.textContent = 'Link copied.';
  } catch {
    done.textContent = 'Copy the address from the address bar.';
  }
});

open(location.hash);

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('./sw.js').catch(() => {
    // Offline use is a bonus: the page works without it.
  });
}

/** For the browser tests: wait for charts, read the pool. */
(window as unknown as { battleOdds: unknown }).battleOdds = {
  chartsDrawn: () => view.chartsDrawn(),
  chartDrawMs: () => view.chartDrawMs(),
  lastReport: () => view.lastReport,
  lastTable: () => view.lastTable,
  threads: pool.threads,
  replacedWorkers: () => pool.replaced,
  /** Question workers replaced because the question they worked on was replaced (a long plan given up). */
  replacedQuestions: () => asker.placements.numbers.replaced + asker.placements.wholes.replaced,
  /** The last question asked is answered (or refused), nothing else on its way. */
  idle: () => asker.idle,
};
