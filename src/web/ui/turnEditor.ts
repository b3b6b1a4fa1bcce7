/**
 * "Plan a turn": the board edited by taps, at a phone's width and a desktop's. The board is drawn as a graph
 * (boardDrawing.ts); a tap on a territory selects it, and its panel changes it: who holds it (a row of players),
 * its armies (− and +), a fortress, a leader, a capitol (toggles), its links (tap "Link or unlink", then another
 * territory), its continents, its name; "Add a territory" adds one beside it, "Remove" takes it away. Below: what
 * the turn is played for, the reinforcements (by the rule unless given: the rule is said), the continents'
 * bonuses, who moves, and the boards to start from. The readings a turn leaves open (how many move in, a leader
 * moving in, a fallen capitol's territories) are rows for "More options" (`rules`).
 *
 * Every change of the question is told to the form as an `input` event (the form asks the question again); the
 * plan's marks (the placement and the attacks) are shown once its answer is in, and cleared by any change.
 */
import type { BattleReport } from '../../core/model/report.js';
import type { Problem } from '../question/toQuestion.js';
import {
  addContinent,
  addTerritory,
  BOARDS,
  capitolPlayers,
  cloneBoard,
  goalParts,
  MAX_BOARD_ARMIES,
  MAX_BOARD_REINFORCEMENTS,
  MAX_CONTINENT_BONUS,
  MAX_PAGE_TERRITORIES,
  ownerChoices,
  playersOf,
  reinforcementsByRule,
  removeTerritory,
  renameTerritory,
  setArmies,
  setBonus,
  setMe,
  setOwner,
  setReinforcements,
  toggleContinent,
  toggleLink,
  toggleMark,
  type TurnState,
} from '../turn/board.js';
import { neighboursOf } from '../turn/layout.js';
import { drawBoard, playerColours, type PlanMarks } from './boardDrawing.js';
import { announceChange, check, segmented, stepper } from './controls.js';
import { fill, h } from './dom.js';

export interface TurnEditor {
  /** The board, its panel and the turn's questions (in the form, where the fields of a battle are). */
  element: HTMLElement;
  /** The readings a turn leaves open, for "More options". */
  rules: HTMLElement;
  read(): TurnState;
  write(turn: TurnState): void;
  /** The answer's plan marked on the board (null: none, or not this board's). */
  showPlan(report: BattleReport | null): void;
  /** A turn's problems on what they are about (the others are left alone). */
  showProblems(problems: Problem[]): void;
}

/** What the turn is played for, in a player's words (the segments), and what each means (the hint). */
const GOALS = [
  { value: 'continent', label: 'Hold a continent', hint: 'The chance you hold the whole continent when you stop.' },
  { value: 'capitol', label: 'Take a capitol', hint: 'The chance you take that player’s capitol this turn.' },
  { value: 'territories', label: 'Most territories', hint: 'The most territories held at the end (on average).' },
  {
    value: 'reinforcements',
    label: 'Next turn’s armies',
    hint: 'The most reinforcements for your next turn (on average).',
  },
  {
    value: 'value',
    label: 'Armies and land',
    hint: 'The most armies of yours on the board at the end, plus what each territory held is worth (on average).',
  },
];

export function planMarks(report: BattleReport | null): PlanMarks | null {
  const plan = report?.type === 'turn' ? report.decisions?.plan : undefined;
  if (!plan) return null;
  const attacks = plan.mainLine
    .filter((s) => s.kind === 'attack' && s.from !== null && s.to !== null)
    .map((s) => ({ from: s.from as string, to: s.to as string }));
  // The sampled planner has no main line: its first attack is all there is to mark.
  if (attacks.length === 0 && plan.firstAttack) attacks.push(plan.firstAttack);
  return { placement: plan.placement, attacks };
}

export function turnEditor(initial: TurnState): TurnEditor {
  let turn: TurnState = { ...initial, board: cloneBoard(initial.board) };
  let selected: number | null = null;
  let linking = false;
  let marks: PlanMarks | null = null;
  let problems: Problem[] = [];

  const drawing = h('div', { class: 'board-drawing' });
  const legend = h('p', { class: 'board-legend' });
  const modeHint = h('p', { class: 'hint board-hint', id: 'turn-hint', 'aria-live': 'polite' });
  const boardError = h('p', { class: 'error', id: 'turn-error-board', 'aria-live': 'polite' });
  const actions = h('div', { class: 'board-actions' });
  const panel = h('section', { class: 'territory-panel', 'aria-labelledby': 'turn-panel-title' });
  const goalBox = h('fieldset', { class: 'field several', 'data-param': 'turn-goal' });
  const reinforcementsBox = h('div', { class: 'field', 'data-param': 'turn-reinforcements' });
  const continentsBox = h('fieldset', { class: 'field several', 'data-param': 'turn-continents' });
  const meBox = h('fieldset', { class: 'field several', 'data-param': 'turn-me' });
  const boardsBox = h(
    'fieldset',
    { class: 'field several boards' },
    h('legend', {}, 'Start from'),
    h(
      'div',
      { class: 'board-buttons' },
      BOARDS.map((b) => h('button', { type: 'button', 'data-action': 'board', 'data-board': b.id }, b.label)),
    ),
    h('p', { class: 'hint' }, 'Replaces the board above.'),
  );
  const element = h(
    'div',
    { class: 'turn-editor', 'data-param': 'turn-board' },
    h(
      'div',
      { class: 'field board-field' },
      h('p', { class: 'board-title', id: 'turn-board-title' }, 'The board'),
      drawing,
      legend,
      modeHint,
      boardError,
      actions,
    ),
    panel,
    goalBox,
    reinforcementsBox,
    continentsBox,
    meBox,
    boardsBox,
  );

  // The readings, for "More options".
  const moveIn = segmented('turn-move-in', 'turn-move-in', [
    { value: 'dice', label: 'As many as the dice of the last round' },
    { value: 'one', label: 'At least one' },
  ]);
  const leaderBox = h('input', { type: 'checkbox', id: 'turn-leader-moves-in', name: 'turn-leader-moves-in' });
  const capitolBox = h('input', { type: 'checkbox', id: 'turn-capitol-attack', name: 'turn-capitol-attack' });
  const rules = h(
    'div',
    { class: 'turn-rules' },
    h(
      'fieldset',
      { class: 'field several', 'data-param': 'turn-move-in' },
      h('legend', {}, 'Armies moved into a territory taken, at least'),
      moveIn,
    ),
    h(
      'div',
      { class: 'field check', 'data-param': 'turn-leader-moves-in' },
      leaderBox,
      h('label', { for: 'turn-leader-moves-in' }, 'My attacking leader may move in with the armies'),
      h('p', { class: 'hint' }, 'Otherwise it stays where it is.'),
    ),
    h(
      'div',
      { class: 'field check', 'data-param': 'turn-capitol-attack' },
      capitolBox,
      h('label', { for: 'turn-capitol-attack' }, 'Territories won with a capitol may attack this turn'),
      h('p', { class: 'hint' }, 'Taking a capitol wins its owner’s other territories too.'),
    ),
  );
  const writeRules = () => {
    check(rules, 'turn-move-in', turn.moveIn);
    leaderBox.checked = turn.leaderMovesIn;
    capitolBox.checked = turn.capitolTerritoriesAttack;
  };
  rules.addEventListener('input', () => {
    const value = (rules.querySelector('input[name="turn-move-in"]:checked') as HTMLInputElement | null)?.value;
    turn = {
      ...turn,
      moveIn: value === 'one' ? 'one' : 'dice',
      leaderMovesIn: leaderBox.checked,
      capitolTerritoriesAttack: capitolBox.checked,
    };
    marks = null;
    render();
  });

  /** A change of the question: the marks go (they are the last board's), the form asks again. */
  const changed = (next: TurnState) => {
    turn = next;
    marks = null;
    if (selected !== null && selected >= turn.board.territories.length) selected = null;
    render();
  };
  const tell = () => announceChange(element);

  const edit = (change: (t: TurnState) => TurnState) => {
    changed(change(turn));
    tell();
  };
  const onBoard = (change: (b: TurnState['board']) => TurnState['board']) =>
    edit((t) => ({ ...t, board: change(t.board) }));

  // Taps on the drawing: select a territory, or link (unlink) it with the selected one.
  const tapTerritory = (i: number) => {
    if (linking && selected !== null) {
      linking = false;
      if (i === selected) return render();
      const from = selected;
      return onBoard((b) => toggleLink(b, from, i));
    }
    selected = selected === i ? null : i;
    render();
    // On a phone the panel is under the board: its first rows are brought into view (the owner, armies, marks).
    if (selected !== null) panel.querySelector('.toggles')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  drawing.addEventListener('click', (event) => {
    const g = (event.target as Element).closest<SVGGElement>('g.territory');
    if (g) tapTerritory(Number(g.dataset.index));
  });
  drawing.addEventListener('keydown', (event) => {
    const g = (event.target as Element).closest<SVGGElement>('g.territory');
    if (!g || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    tapTerritory(Number(g.dataset.index));
  });

  element.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
    if (!button || !element.contains(button)) return;
    const action = button.dataset.action;
    const i = selected;
    switch (action) {
      case 'add': {
        if (turn.board.territories.length >= MAX_PAGE_TERRITORIES) return;
        linking = false;
        onBoard((b) => addTerritory(b, i));
        selected = turn.board.territories.length - 1;
        return render();
      }
      case 'remove':
        if (i === null || turn.board.territories.length <= 1) return;
        selected = null;
        linking = false;
        return onBoard((b) => removeTerritory(b, i));
      case 'link':
        linking = !linking;
        return render();
      case 'done':
        selected = null;
        linking = false;
        return render();
      case 'fortress':
      case 'leader':
      case 'capitol':
        if (i !== null) onBoard((b) => toggleMark(b, i, action));
        return;
      case 'continent':
        if (i !== null) onBoard((b) => toggleContinent(b, i, button.dataset.continent ?? ''));
        return;
      case 'new-continent':
        if (i !== null) onBoard((b) => addContinent(b, i));
        return;
      case 'board': {
        const chosen = BOARDS.find((b) => b.id === button.dataset.board);
        if (!chosen) return;
        selected = null;
        linking = false;
        return edit((t) => ({ ...t, board: cloneBoard(chosen.board), goal: chosen.goal }));
      }
    }
  });

  element.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const i = selected;
    const number = () => (/^\s*\d+\s*$/.test(input.value) ? Number(input.value) : NaN);
    switch (input.name) {
      case 'turn-owner':
        if (i !== null) changed({ ...turn, board: setOwner(turn.board, i, input.value) });
        return;
      case 'turn-armies':
        if (i !== null) changed({ ...turn, board: setArmies(turn.board, i, number()) });
        return;
      case 'turn-name':
        if (i !== null) changed({ ...turn, board: renameTerritory(turn.board, i, input.value) });
        return;
      case 'turn-reinforcements':
        if (Number.isFinite(number())) changed({ ...turn, board: setReinforcements(turn.board, number()) });
        return;
      case 'turn-by-rule':
        changed({
          ...turn,
          board: setReinforcements(turn.board, input.checked ? null : reinforcementsByRule(turn.board)),
        });
        return;
      case 'turn-goal-kind': {
        const kind = input.value;
        const arg =
          kind === 'continent'
            ? (turn.board.continents[0]?.name ?? '')
            : kind === 'capitol'
              ? (capitolPlayers(turn.board)[0] ?? playersOf(turn.board).find((p) => p !== turn.board.me) ?? '')
              : '';
        changed({ ...turn, goal: kind === 'continent' || kind === 'capitol' ? `${kind}:${arg}` : kind });
        return;
      }
      case 'turn-goal-arg':
        changed({ ...turn, goal: `${goalParts(turn.goal).kind}:${input.value}` });
        return;
      case 'turn-worth':
        changed({ ...turn, worth: input.value });
        return;
      case 'turn-me':
        changed({ ...turn, board: setMe(turn.board, input.value) });
        return;
      default: {
        const bonus = /^turn-bonus-(\d+)$/.exec(input.name ?? '');
        const c = bonus ? turn.board.continents[Number(bonus[1])] : undefined;
        if (c && Number.isFinite(number())) changed({ ...turn, board: setBonus(turn.board, c.name, number()) });
      }
    }
  });

  // "Show" beside a territory's problem (the page's focusField) chooses it, so its panel shows what to change.
  drawing.addEventListener('choose', (event) => {
    const g = (event.target as Element).closest<SVGGElement>('g.territory');
    if (!g) return;
    selected = Number(g.dataset.index);
    linking = false;
    render();
  });

  function render(): void {
    // The focused control is focused again once redrawn (by its key or id), a text box's caret kept: a text box,
    // or a control the keyboard is on (a tap's button needs no focus back, and focusing costs a layout).
    const active = document.activeElement as HTMLElement | null;
    const keep =
      active !== null &&
      element.contains(active) &&
      ((active instanceof HTMLInputElement && active.type === 'text') || active.matches(':focus-visible'));
    const key = keep ? (active.dataset.key ?? active.id) : '';
    const caret = active instanceof HTMLInputElement && active.type === 'text' ? active.selectionStart : null;
    const board = turn.board;
    const bad = new Set(
      problems.flatMap((p) => {
        const m = /^turn-t-(\d+)$/.exec(p.param ?? '');
        return m ? [Number(m[1])] : [];
      }),
    );
    fill(drawing, drawBoard({ board, selected, linking, marks, bad }));
    fill(legend, legendOf(turn, marks));
    modeHint.textContent =
      linking && selected !== null
        ? `Tap a territory to link it with ${board.territories[selected].name} (one it touches: to unlink them).`
        : selected === null
          ? 'Tap a territory to change it. Your territories are on top, the others by how many attacks away.'
          : '';
    boardError.textContent = problems
      .filter((p) => p.param === 'turn-board' || /^turn-t-\d+$/.test(p.param ?? ''))
      .map((p) => p.message)
      .join(' ');
    const full = board.territories.length >= MAX_PAGE_TERRITORIES;
    fill(
      actions,
      h(
        'button',
        { type: 'button', 'data-action': 'add', 'data-key': 'add', disabled: full },
        selected === null ? 'Add a territory' : `Add a territory beside ${board.territories[selected].name}`,
      ),
      full ? h('span', { class: 'hint' }, `At most ${MAX_PAGE_TERRITORIES} territories.`) : null,
    );
    renderPanel(bad);
    renderGoal();
    renderReinforcements();
    renderContinents();
    renderMe();
    if (key) {
      const again = element.querySelector<HTMLElement>(`[data-key="${key}"]`) ?? element.querySelector(`#${key}`);
      again?.focus({ preventScroll: true });
      if (again instanceof HTMLInputElement && caret !== null) again.setSelectionRange(caret, caret);
    }
  }

  function renderPanel(bad: Set<number>): void {
    const board = turn.board;
    if (selected === null) {
      panel.hidden = true;
      fill(panel);
      return;
    }
    panel.hidden = false;
    const i = selected;
    const t = board.territories[i];
    const colours = playerColours([...new Set([board.me, ...ownerChoices(board)])]);
    const owners = segmented(
      'turn-owner',
      'turn-owner',
      ownerChoices(board).map((p) => ({ value: p, label: p === board.me ? `${p} (you)` : p })),
    );
    owners.classList.add('owners');
    for (const radio of owners.querySelectorAll<HTMLInputElement>('input')) {
      radio.checked = radio.value === t.owner;
      const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
      swatch.style.background = colours.get(radio.value) ?? '#888';
      radio.nextElementSibling?.prepend(swatch);
    }
    const armies = stepper({
      id: 'turn-armies',
      name: 'turn-armies',
      label: `Armies on ${t.name}`,
      min: 1,
      max: MAX_BOARD_ARMIES,
    });
    armies.input.value = Number.isFinite(t.armies) ? String(t.armies) : '';
    const toggle = (mark: 'fortress' | 'leader' | 'capitol', label: string) =>
      h(
        'button',
        { type: 'button', class: 'toggle', 'data-action': mark, 'data-key': mark, 'aria-pressed': String(t[mark]) },
        label,
      );
    const touching = neighboursOf(board)[i].map((j) => board.territories[j].name);
    const problem = problems.find((p) => p.param === `turn-t-${i}`);
    fill(
      panel,
      h(
        'div',
        { class: 'panel-head' },
        h('h3', { id: 'turn-panel-title' }, t.name || `Territory ${i + 1}`),
        h('button', { type: 'button', class: 'link', 'data-action': 'done', 'data-key': 'done' }, 'Done'),
      ),
      bad.has(i) && problem ? h('p', { class: 'error' }, problem.message) : null,
      h('fieldset', { class: 'field several' }, h('legend', {}, 'Held by'), owners),
      h('div', { class: 'field' }, h('label', { for: 'turn-armies' }, 'Armies'), armies.control),
      h(
        'div',
        { class: 'field' },
        h('p', { class: 'label' }, 'On it'),
        h(
          'div',
          { class: 'toggles', role: 'group', 'aria-label': `On ${t.name}` },
          toggle('fortress', 'Fortress'),
          toggle('leader', 'Leader'),
          toggle('capitol', 'Capitol'),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('p', { class: 'label' }, 'Links'),
        h('p', { class: 'hint' }, touching.length ? `Touches ${touching.join(', ')}.` : 'Touches no territory yet.'),
        h(
          'div',
          { class: 'toggles' },
          h(
            'button',
            { type: 'button', 'data-action': 'link', 'data-key': 'link', 'aria-pressed': String(linking) },
            linking ? 'Cancel linking' : 'Link or unlink…',
          ),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('p', { class: 'label' }, 'Continent'),
        h(
          'div',
          { class: 'toggles' },
          board.continents.map((c) =>
            h(
              'button',
              {
                type: 'button',
                class: 'toggle',
                'data-action': 'continent',
                'data-continent': c.name,
                'data-key': `continent-${c.name}`,
                'aria-pressed': String(c.territories.includes(t.name)),
              },
              c.name,
            ),
          ),
          h('button', { type: 'button', 'data-action': 'new-continent', 'data-key': 'new-continent' }, 'New continent'),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'turn-name' }, 'Name'),
        h('input', {
          type: 'text',
          id: 'turn-name',
          name: 'turn-name',
          class: 'text',
          value: t.name,
          autocomplete: 'off',
          spellcheck: 'false',
          maxlength: 60,
        }),
      ),
      h(
        'div',
        { class: 'panel-foot' },
        h(
          'button',
          {
            type: 'button',
            class: 'remove',
            'data-action': 'remove',
            'data-key': 'remove',
            disabled: board.territories.length <= 1,
          },
          `Remove ${t.name || 'this territory'}`,
        ),
      ),
    );
    (panel.querySelector('#turn-name') as HTMLInputElement).value = t.name;
  }

  function renderGoal(): void {
    const board = turn.board;
    const { kind, arg } = goalParts(turn.goal);
    const kinds = segmented(
      'turn-goal-kind',
      'turn-goal-kind',
      GOALS.map((g) => ({ value: g.value, label: g.label })),
    );
    check(kinds, 'turn-goal-kind', kind);
    let args: HTMLElement | null = null;
    if (kind === 'continent' || kind === 'capitol') {
      const names = kind === 'continent' ? board.continents.map((c) => c.name) : capitolPlayers(board);
      const offered = names.includes(arg) || arg === '' ? names : [...names, arg];
      args =
        offered.length > 0
          ? segmented(
              'turn-goal-arg',
              'turn-goal-arg',
              offered.map((n) => ({ value: n, label: names.includes(n) ? n : `${n} (not on the board)` })),
            )
          : null;
      if (args) {
        check(args, 'turn-goal-arg', arg);
        args.setAttribute('aria-label', kind === 'continent' ? 'Which continent' : 'Whose capitol');
      }
    }
    let worth: HTMLElement | null = null;
    if (kind === 'value') {
      const s = stepper({ id: 'turn-worth', name: 'turn-worth', label: 'A territory’s worth', min: 0, max: 10000 });
      s.input.value = turn.worth;
      s.input.placeholder = '0';
      worth = h(
        'div',
        { class: 'field', 'data-param': 'turn-worth' },
        h('label', { for: 'turn-worth' }, 'Each territory held is worth, in armies'),
        s.control,
        h('p', { class: 'error', id: 'turn-error-worth' }, problemOf('turn-worth')),
      );
    }
    fill(
      goalBox,
      h('legend', {}, 'Play the turn for'),
      kinds,
      args
        ? h(
            'div',
            { class: 'goal-args' },
            h('p', { class: 'label' }, kind === 'continent' ? 'Which continent' : 'Whose capitol'),
            args,
          )
        : null,
      worth,
      h('p', { class: 'hint' }, GOALS.find((g) => g.value === kind)?.hint ?? ''),
      h('p', { class: 'error', id: 'turn-error-goal' }, problemOf('turn-goal')),
    );
  }

  function renderReinforcements(): void {
    const board = turn.board;
    const rule = reinforcementsByRule(board);
    const byRule = board.reinforcements === null;
    const s = stepper({
      id: 'turn-reinforcements',
      name: 'turn-reinforcements',
      label: 'Reinforcements',
      min: 0,
      max: MAX_BOARD_REINFORCEMENTS,
    });
    s.input.value = String(board.reinforcements ?? rule);
    s.control.hidden = byRule;
    const box = h('input', { type: 'checkbox', id: 'turn-by-rule', name: 'turn-by-rule' });
    box.checked = byRule;
    fill(
      reinforcementsBox,
      h('label', { for: 'turn-reinforcements' }, `Reinforcements to place${byRule ? `: ${rule}` : ''}`),
      s.control,
      h('label', { class: 'choice' }, box, h('span', {}, `By the rule (${rule} on this board)`)),
      h(
        'p',
        { class: 'hint' },
        'The rule: a third of the territories you hold (at least 3), plus the bonus of each continent you hold whole.',
      ),
      h('p', { class: 'error', id: 'turn-error-reinforcements' }, problemOf('turn-reinforcements')),
    );
  }

  function renderContinents(): void {
    const board = turn.board;
    fill(
      continentsBox,
      h('legend', {}, 'Continents and their bonus'),
      board.continents.length === 0
        ? h('p', { class: 'hint' }, 'None: a territory’s “New continent” makes one.')
        : board.continents.map((c, k) => {
            const s = stepper({
              id: `turn-bonus-${k}`,
              name: `turn-bonus-${k}`,
              label: `${c.name}’s bonus`,
              min: 0,
              max: MAX_CONTINENT_BONUS,
            });
            s.input.value = String(c.bonus);
            return h(
              'div',
              { class: 'continent-row' },
              h('label', { for: `turn-bonus-${k}` }, c.name),
              s.control,
              h('p', { class: 'hint' }, c.territories.join(', ')),
            );
          }),
      h('p', { class: 'error', id: 'turn-error-continents' }, problemOf('turn-continents')),
    );
  }

  function renderMe(): void {
    const board = turn.board;
    const players = [...new Set([board.me, ...playersOf(board)])];
    const row = segmented(
      'turn-me',
      'turn-me',
      players.map((p) => ({ value: p, label: p })),
    );
    check(row, 'turn-me', board.me);
    fill(
      meBox,
      h('legend', {}, 'You play'),
      row,
      h('p', { class: 'hint' }, 'The player whose turn it is: the plan is theirs.'),
    );
  }

  const problemOf = (param: string) => problems.find((p) => p.param === param)?.message ?? '';

  writeRules();
  render();
  return {
    element,
    rules,
    read: () => ({ ...turn, board: cloneBoard(turn.board) }),
    write(next) {
      turn = { ...next, board: cloneBoard(next.board) };
      selected = null;
      linking = false;
      marks = null;
      writeRules();
      render();
    },
    showPlan(report) {
      const next = planMarks(report);
      if (JSON.stringify(next) === JSON.stringify(marks)) return;
      marks = next;
      render();
    },
    showProblems(next) {
      const mine = next.filter((p) => p.param?.startsWith('turn-'));
      if (JSON.stringify(mine) === JSON.stringify(problems)) return;
      problems = mine;
      render();
    },
  };
}

/** The legend: the players' colours and the marks, in words. */
function legendOf(turn: TurnState, marks: PlanMarks | null): Node[] {
  const board = turn.board;
  const players = [...new Set([board.me, ...playersOf(board)])];
  const colours = playerColours(players);
  const item = (swatch: HTMLElement, text: string) => h('span', { class: 'legend-item' }, swatch, text);
  const swatch = (colour: string, shape = 'dot') => {
    const s = h('span', { class: `swatch ${shape}`, 'aria-hidden': 'true' });
    s.style.background = colour;
    return s;
  };
  return [
    ...players.map((p) => item(swatch(colours.get(p) ?? '#888'), p === board.me ? `${p} (you)` : p)),
    item(swatch('#5f6368', 'square'), 'fortress'),
    item(h('span', { class: 'legend-mark', 'aria-hidden': 'true' }, '★'), 'leader'),
    item(h('span', { class: 'legend-mark', 'aria-hidden': 'true' }, '♛'), 'capitol'),
    ...(marks
      ? [
          item(h('span', { class: 'legend-placed', 'aria-hidden': 'true' }, '+N'), 'the plan places'),
          item(h('span', { class: 'legend-attack', 'aria-hidden': 'true' }, '→'), 'its attacks, in order'),
        ]
      : []),
  ];
}
