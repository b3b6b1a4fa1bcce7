/**
 * The page's questions are the command line's: both come from each system's question form,
 * a question in the page gives the CLI's battle and numbers for the same seed, problems are
 * in a player's words, and the URL holds the whole question.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_MODULES, type SystemModule } from '../../src/core/registry/systems.js';
import { InProcessExecutor, findSystem } from '../../src/core.js';
import { runBattle } from '../../src/core/engine/answer/battle.js';
import { fieldsOf } from '../../src/web/question/fields.js';
import { commandWords, exampleState, firstQuestion, withArgs, type PageState } from '../../src/web/question/state.js';
import { readHash, stateFromHash, stateToHash } from '../../src/web/question/url.js';
import { toQuestion, type CompiledQuestion } from '../../src/web/question/toQuestion.js';
import { cliCommand } from '../../src/web/question/command.js';
import { cli } from '../helpers/cli.js';

const moduleOf = (id: string) => SYSTEM_MODULES.find((m) => m.system.id === id) as SystemModule;
const landgrab = moduleOf('landgrab');
const pq = moduleOf('princes-and-queens');

function asked(module: SystemModule, state: PageState): CompiledQuestion {
  const result = toQuestion(module, state);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.asked;
}

async function pageReport(q: CompiledQuestion) {
  return runBattle(
    q.module.system,
    q.battle,
    'page',
    {
      seed: q.seed,
      trials: q.trials,
      kernel: 'fast',
      method: q.method,
      check: q.method === 'sample',
      question: q.question,
    },
    new InProcessExecutor(findSystem),
  );
}

async function cliReport(args: string[]) {
  const r = await cli(['odds', ...args, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).battles[0];
}

describe("the page's fields, from the question forms", () => {
  it("gives every LandGrab field an input: counts, lists, checkboxes and choices, in a player's words", () => {
    const fields = new Map(fieldsOf(landgrab).map((f) => [f.param, f]));
    expect(fields.get('attackers')).toMatchObject({ kind: 'count', label: 'Armies in the attacking territory' });
    expect(fields.get('path')).toMatchObject({ kind: 'counts', more: false });
    expect(fields.get('path')?.field.appliesTo).toEqual(['chain']);
    expect(fields.get('fortress')).toMatchObject({ kind: 'flag', initial: false });
    expect(fields.get('stop-at')).toMatchObject({ kind: 'count', initial: '1', more: false });
    expect(fields.get('ties')).toMatchObject({ kind: 'choice', more: true });
    expect(fields.get('ties')?.choices?.map((c) => c.value)).toEqual(['defender', 'attacker']);
    expect(fields.get('fortress')?.help).toBe('The defender adds 1 to the highest die (2 with a defending leader).');
    expect(fields.get('attacking-armies')?.label).toBe('Or: armies that may attack');
    expect(fields.size).toBe(landgrab.form.fields.length);
  });

  it('offers Princes & Queens choices from its form and leaves out the flags that point elsewhere', () => {
    const fields = new Map(fieldsOf(pq).map((f) => [f.param, f]));
    expect(fields.get('defender')?.choices?.map((c) => c.value)).toEqual(['prince', 'two-princes', 'queen', 'city']);
    expect(fields.get('princes')?.choices?.map((c) => c.label)).toEqual(['One Prince', 'Two Princes']);
    expect(fields.get('terrain')?.choices?.map((c) => c.value)).toEqual(['plain', 'mountain']);
    expect(fields.has('table')).toBe(false);
    expect(fields.has('max-distance')).toBe(false);
  });

  it('starts each system at its first question (its first example, but Kings & Things with roster creatures)', () => {
    for (const module of SYSTEM_MODULES) {
      const q = asked(module, exampleState(module));
      const words = commandWords(firstQuestion(module)!).slice(3);
      expect(q.args.join(' ').split(' ')).toEqual(words);
    }
  });
});

describe('a question in the page is the CLI question', () => {
  it('LandGrab sampled: same seed, same numbers as `odds --sample --seed --trials`', async () => {
    const state = {
      ...withArgs(landgrab, exampleState(landgrab), ['--attackers', '9', '--defenders', '6', '--fortress']),
    };
    const q = asked(landgrab, { ...state, method: 'sample', seed: 'page 1', trials: '40000' });
    const page = await pageReport(q);
    const line = cliCommand(q, page);
    expect(line).toBe(
      "battle-odds odds landgrab --attackers 9 --defenders 6 --fortress --sample --seed 'page 1' --trials 40000",
    );
    const reference = await cliReport(['landgrab', ...commandWords(line).slice(3)]);
    expect(page.method).toBe('monte-carlo');
    expect(page.label).toBe(reference.label);
    expect(page.metrics).toEqual(reference.metrics);
    expect(page.verdict).toEqual(reference.verdict);
  });

  it('LandGrab exact (auto), a chain: the exact numbers of `odds --exact-only`', async () => {
    const state: PageState = { ...exampleState(landgrab), kind: 'chain' };
    state.values = { ...state.values, attackers: '20', path: '3,5,2', fortresses: '2', leaders: '3' };
    const q = asked(landgrab, state);
    const page = await pageReport(q);
    expect(page.method).toBe('exact');
    const reference = await cliReport(commandWords(cliCommand(q, page)).slice(2));
    expect(page.metrics).toEqual(reference.metrics);
    expect(page.label).toBe(reference.label);
  });

  it('Princes & Queens: the same verdict, values and table', async () => {
    const q = asked(pq, exampleState(pq));
    const page = await pageReport(q);
    const reference = await cliReport(commandWords(cliCommand(q, page)).slice(2));
    expect(page.verdict).toEqual(reference.verdict);
    expect(page.metrics).toEqual(reference.metrics);
    expect(page.tables).toEqual(reference.tables);
  });

  it("puts problems on their field, in a player's words naming the field's label", () => {
    const base = exampleState(landgrab);
    const typo = toQuestion(landgrab, { ...base, values: { ...base.values, attackers: '1x' } });
    expect(typo).toEqual({
      ok: false,
      problems: [{ param: 'attackers', message: 'Armies in the attacking territory must be a whole number.' }],
    });
    const missing = toQuestion(landgrab, { ...base, values: { ...base.values, defenders: '' } });
    expect(missing).toEqual({ ok: false, problems: [{ param: 'defenders', message: 'Fill in “Defending armies”.' }] });
    const schema = toQuestion(landgrab, { ...base, values: { ...base.values, 'stop-at': '40' } });
    expect(schema).toEqual({
      ok: false,
      problems: [
        {
          param: 'stop-at',
          message: 'Stop when down to must be below the 11 armies in the attacking territory, or no attack happens.',
        },
      ],
    });
    const pqMissing = toQuestion(pq, { ...exampleState(pq), values: { ...exampleState(pq).values, distance: '' } });
    expect(pqMissing.ok || pqMissing.problems[0].param).toBe('distance');
    // A name the battle entry uses becomes the label of the field that sets it.
    const pqPrince = toQuestion(pq, {
      ...exampleState(pq),
      values: { ...exampleState(pq).values, 'defender-distance': '' },
    });
    expect(pqPrince).toEqual({
      ok: false,
      problems: [
        {
          param: 'defender-distance',
          message:
            "A defending Prince needs “Defending Prince's distance to his Queen”: the hexes from him to his own Queen.",
        },
      ],
    });
  });

  it('asks only the fields of the kind chosen (a chain ignores the single-territory defenders)', () => {
    const state: PageState = { ...exampleState(landgrab), kind: 'chain' };
    state.values = { ...state.values, path: '3,2', fortress: true };
    const q = asked(landgrab, state);
    expect(q.battle.type).toBe('chain');
    expect(q.args).toEqual(['--attackers 11', '--path 3,2']);
  });
});

describe('the objective of the advice in the page', () => {
  const advised = (objective: string, territoryWorth = ''): PageState => ({
    ...withArgs(landgrab, exampleState(landgrab), ['--attackers', '20', '--defenders', '10']),
    advise: true,
    objective,
    territoryWorth,
  });

  it('asks the CLI question: same command line, same stop rule', async () => {
    const q = asked(landgrab, advised('value', '10'));
    expect(q.question).toEqual({ advise: true, objective: 'value', territoryWorth: 10 });
    const page = await pageReport(q);
    const line = cliCommand(q, page);
    expect(line).toBe(
      'battle-odds odds landgrab --attackers 20 --defenders 10 --exact-only ' +
        '--advise --objective value --territory-worth 10',
    );
    const reference = await cliReport(commandWords(line).slice(2));
    expect(page.verdict).toEqual(reference.verdict);
    expect(page.verdict.join('\n')).toContain('Stop rule for the most value (armies kept + 10 per territory taken)');
  });

  it("puts the engine's refusals on the objective's fields, naming fields by their labels", () => {
    expect(toQuestion(landgrab, advised('value'))).toEqual({
      ok: false,
      problems: [
        {
          param: 'territory-worth',
          message:
            'Worth of a territory is required with “What the advice aims for” value ' +
            '(what one territory taken is worth, in armies).',
        },
      ],
    });
    // Without advice the objective is not asked (the page hides it): it stays out of the question.
    const unadvised = toQuestion(landgrab, { ...advised('conquest'), advise: false });
    expect(unadvised.ok && unadvised.asked.question).toEqual({});
    expect(toQuestion(landgrab, advised('value', '-1'))).toMatchObject({
      ok: false,
      problems: [
        { param: 'territory-worth', message: 'Worth of a territory must be a number of armies, 0 or more, e.g. 10.' },
      ],
    });
  });

  it('lives in the URL, and a system with no objectives never reads one', () => {
    const state = advised('value', '2.5');
    const hash = stateToHash(landgrab, state);
    expect(hash).toBe('#landgrab?attackers=20&defenders=10&advise&objective=value&territory-worth=2.5');
    expect(stateFromHash(SYSTEM_MODULES, hash)).toEqual(state);
    expect(stateFromHash(SYSTEM_MODULES, '#princes-and-queens?distance=2&objective=value')?.objective).toBe('');
    // The default objective is the form's blank choice.
    expect(stateFromHash(SYSTEM_MODULES, '#landgrab?attackers=20&defenders=10&objective=armies')?.objective).toBe('');
  });
});

describe('the question in the URL', () => {
  it('round-trips every example and edited questions, leaving defaults out', () => {
    for (const module of SYSTEM_MODULES) {
      const state = exampleState(module);
      expect(stateFromHash(SYSTEM_MODULES, stateToHash(module, state))).toEqual(state);
    }
    const edited: PageState = {
      ...exampleState(landgrab),
      kind: 'capitol',
      method: 'sample',
      seed: 'élan & co / 7',
      trials: '1e5',
      target: '80%',
      advise: true,
      table: { x: 'attackers', xFrom: '2', xTo: '20', y: 'defenders', yFrom: '1', yTo: '12' },
    };
    edited.values = { ...edited.values, capitol: '10,4,1', 'defending-leader': true, ties: 'attacker' };
    const hash = stateToHash(landgrab, edited);
    expect(hash).toBe(
      '#landgrab?kind=capitol&attackers=11&defenders=10&capitol=10,4,1&defending-leader&ties=attacker' +
        '&method=sample&seed=%C3%A9lan%20%26%20co%20%2F%207&trials=1e5&target=80%25&advise' +
        '&table=attackers:2-20,defenders:1-12',
    );
    expect(stateFromHash(SYSTEM_MODULES, hash)).toEqual(edited);
    expect(stateToHash(landgrab, exampleState(landgrab))).toBe('#landgrab?attackers=11&defenders=10');
  });

  it('gives the example question for a bare system name, and null for an unknown one', () => {
    expect(stateFromHash(SYSTEM_MODULES, '#princes-and-queens')).toEqual(exampleState(pq));
    expect(stateFromHash(SYSTEM_MODULES, '#no-such-game?x=1')).toBeNull();
    expect(stateFromHash(SYSTEM_MODULES, '')).toBeNull();
  });
});

describe('any link opens the page', () => {
  const read = (hash: string) => readHash(SYSTEM_MODULES, hash);

  it('reads what a mangled or cut link still holds, and says what it could not read', () => {
    // A stray % (a chat app), an escape cut short, one that is not UTF-8: left out, the rest read.
    const stray = read('#landgrab?attackers=11&defenders=10%');
    expect(stray.state?.values).toMatchObject({ attackers: '11', defenders: '10' });
    expect(stray.unread).toEqual(['“defenders=10%” was damaged: read as “10”']);
    const cut = read('#kings-and-things?attackers=Giant,Troll%2&defenders=Nomads');
    expect(cut.state?.values).toMatchObject({ attackers: 'Giant,Troll', defenders: 'Nomads' });
    expect(cut.unread).toHaveLength(1);
    expect(read('#landgrab?attackers=%E9%&defenders=%C3%A9').state?.values).toMatchObject({
      attackers: '',
      defenders: 'é',
    });
    // The game's name itself damaged, or unknown: the page's first game, said so.
    expect(read('#land%grab?attackers=3').state?.system).toBe('landgrab');
    expect(read('#no-such-game?x=1').unread).toEqual(['“no-such-game” is not a game this page knows']);
  });

  it('names unknown keys, kinds, methods, objectives, tables and a target in a game without dice', () => {
    const { state, unread } = read(
      '#landgrab?attackers=11&colour=red&kind=siege&method=fast&objective=glory&table=x:1&defenders=9',
    );
    expect(state?.values).toMatchObject({ attackers: '11', defenders: '9' });
    expect(state).toMatchObject({ kind: 'battle', method: 'auto', objective: '' });
    expect(state?.table).toBeUndefined();
    expect(unread).toEqual([
      '“colour=red” is not part of a LandGrab question: left out',
      '“kind=siege” is not a kind of LandGrab question: left out',
      '“method=fast” is not a way to answer: left out',
      "“objective=glory” is not something LandGrab's advice can aim for: left out",
      '“table=x:1” is not a table the page can draw: left out',
    ]);
    expect(read('#princes-and-queens?distance=2&target=0.8').unread).toEqual([
      '“target=0.8” left out: nothing in Princes & Queens is left to chance',
    ]);
  });

  it('keeps huge values and markup as text for their fields to refuse, and cuts a value longer than any field', () => {
    const { state } = read('#landgrab?attackers=1e400&defenders=<script>alert(1)</script>');
    expect(state?.values).toMatchObject({ attackers: '1e400', defenders: '<script>alert(1)</script>' });
    const problems = toQuestion(landgrab, state!);
    expect(problems.ok).toBe(false);
    const long = read(`#landgrab?attackers=${'9'.repeat(5000)}`);
    expect((long.state?.values.attackers as string).length).toBe(2000);
    expect(long.unread).toEqual(['“attackers” was too long: only its first 2000 characters are read']);
  });
});

describe("refusals in a player's words", () => {
  const problem = (module: SystemModule, values: Record<string, string | boolean>, more: Partial<PageState> = {}) => {
    const base = exampleState(module);
    const r = toQuestion(module, { ...base, ...more, values: { ...base.values, ...values } });
    if (r.ok) throw new Error('answered');
    return r.problems.map((p) => p.message).join(' | ');
  };
  const kt = moduleOf('kings-and-things');
  const civ = moduleOf('advanced-civilization');

  it('words the force left out as a choice between giving it and giving a target', () => {
    expect(problem(landgrab, { attackers: '' })).toBe(
      'Fill in “Armies in the attacking territory”, or give a target probability (under More options) to find how ' +
        'many you need.',
    );
  });

  it('gives choices by their labels, never their values; entry names and >= in words', () => {
    expect(problem(kt, { 'fort-after-retreat': 'x' })).toBe(
      "When the defender's creatures retreat must be one of the choices: “The fort, city or village fights on " +
        'alone” or “The hex is captured at once”.',
    );
    expect(problem(civ, { 'fort-owner': 'x' })).toBe(
      'Fort held by must be one of the choices: “The attacker” or “The defender”.',
    );
    expect(problem(civ, { limit: '-1' })).toBe('Population limit must be at least 0.');
    expect(problem(pq, { princes: '0' })).toMatch(/^Attacking Princes must be /);
  });

  it('refuses a chip counted 0 or none, so no number stands for the count it had', () => {
    expect(problem(kt, { attackers: '0x Troll,Giant' })).toBe(
      'Attacking counters: how many Troll? Give a count from 1 to 30, not 0.',
    );
    expect(problem(kt, { attackers: 'x Troll' })).toBe(
      'Attacking counters: how many Troll? Give a count from 1 to 30.',
    );
  });
});

describe('tables (vary two numbers)', () => {
  it('runs as the engine sweep `battle-odds run` gives for the same scenario', async () => {
    const { toTable, defaultTable } = await import('../../src/web/question/table.js');
    const { parseScenario, runSweep, systems } = await import('../../src/core.js');
    const { writeFileSync } = await import('node:fs');
    const { tempDir } = await import('../helpers/cli.js');
    const state = withArgs(landgrab, exampleState(landgrab), ['--attackers', '6', '--defenders', '4', '--fortress']);
    const table = defaultTable(landgrab, state.kind, state.values)!;
    expect(table).toEqual({ x: 'attackers', xFrom: '3', xTo: '12', y: 'defenders', yFrom: '2', yTo: '8' });
    const q = asked(landgrab, { ...state, method: 'sample', trials: '20000', seed: 'table' });
    const made = toTable(q, table, state.kind);
    if (!made.ok) throw new Error(made.problem.message);
    expect(made).toMatchObject({ cells: 70, trials: 20000 });
    const scenario = parseScenario(made.scenario, 'table', systems);
    const sweep = await runSweep(
      landgrab.system,
      scenario.sweep!,
      { seed: 'table', trials: 20000, kernel: 'fast', method: 'sample', check: true },
      new InProcessExecutor(findSystem),
    );
    const file = `${tempDir()}/page-table.json`;
    writeFileSync(file, JSON.stringify(made.scenario));
    const r = await cli(['run', file, '--json', '--no-charts', '--threads', '0', '--out', `${tempDir()}/out`]);
    expect(r.stderr).toBe('');
    const reference = JSON.parse(r.stdout)[0].sweep;
    // report.json keeps each cell's headline (every metric is in sweep.csv): compare those.
    const { storedSweep } = await import('../../src/output/reportJson.js');
    expect(storedSweep(sweep).cells).toEqual(reference.cells);
  });

  it("varies how many of a counter in Kings & Things: one of each side, the command line's cells", async () => {
    const { toTable, defaultTable, tableAxes } = await import('../../src/web/question/table.js');
    const { parseScenario, runSweep, systems } = await import('../../src/core.js');
    const kt = moduleOf('kings-and-things');
    const state = exampleState(kt);
    expect(tableAxes(kt, state.kind, state.values).map((a) => a.label)).toEqual([
      'How many Giant (attacking counters)',
      'How many Elves (attacking counters)',
      'How many Dragon (attacking counters)',
      'How many Nomads (defending counters)',
    ]);
    const table = defaultTable(kt, state.kind, state.values)!;
    expect(table).toEqual({ x: 'attackers.0', xFrom: '1', xTo: '6', y: 'defenders.0', yFrom: '1', yTo: '6' });
    const { stateToHash, stateFromHash: fromHash } = await import('../../src/web/question/url.js');
    expect(stateToHash(kt, { ...state, table })).toContain('table=attackers.0:1-6,defenders.0:1-6');
    expect(fromHash(SYSTEM_MODULES, stateToHash(kt, { ...state, table }))?.table).toEqual(table);
    const made = toTable(asked(kt, state), { ...table, xTo: '2', yTo: '2' }, state.kind);
    if (!made.ok) throw new Error(made.problem.message);
    const scenario = parseScenario(made.scenario, 'table', systems);
    const options = { seed: 'battle-odds', trials: 1, kernel: 'fast' as const, method: 'auto' as const };
    const sweep = await runSweep(kt.system, scenario.sweep!, options, new InProcessExecutor(findSystem));
    const cell = sweep.cells.find((c) => c.at[0] === 2 && c.at[1] === 2)!;
    const reference = await cliReport([
      'kings-and-things',
      '--attackers',
      '2x Giant,Elves:2R,Dragon:3*C',
      '--defenders',
      '2x Nomads',
      '--fort',
      'castle',
    ]);
    expect(cell.variants[0].metrics[0].exact).toBe(reference.metrics[0].exact);
  });

  it('refuses tables it cannot draw, in words', async () => {
    const { toTable } = await import('../../src/web/question/table.js');
    const q = asked(landgrab, exampleState(landgrab));
    const t = { x: 'attackers', xFrom: '2', xTo: '9', y: 'defenders', yFrom: '1', yTo: '5' };
    expect(toTable(q, { ...t, y: 'attackers' }, 'battle')).toMatchObject({
      ok: false,
      problem: { message: /different/ },
    });
    expect(toTable(q, { ...t, xTo: '1' }, 'battle')).toMatchObject({
      ok: false,
      problem: { message: /at most its "to"/ },
    });
    expect(toTable(q, { ...t, xTo: '999' }, 'battle')).toMatchObject({
      ok: false,
      problem: { message: /at most 2500/ },
    });
    expect(toTable(q, { ...t, y: 'path' }, 'battle')).toMatchObject({ ok: false, problem: { message: /two numbers/ } });
    // A cell that is no battle, in a player's words (a stop at the armies attacking).
    const { tableRefusal } = await import('../../src/web/question/table.js');
    const { parseScenario, systems, InputError } = await import('../../src/core.js');
    const chain = { ...exampleState(landgrab), kind: 'chain' };
    chain.values = { ...chain.values, attackers: '12', path: '3,5,2' };
    const made = toTable(
      asked(landgrab, chain),
      { ...t, x: 'attackers', xFrom: '6', xTo: '12', y: 'stop-at', yFrom: '1', yTo: '8' },
      'chain',
    );
    if (!made.ok) throw new Error(made.problem.message);
    let refusal = '';
    try {
      parseScenario(made.scenario, 'table', systems);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      refusal = tableRefusal(asked(landgrab, chain), made.scenario, error.detail);
    }
    expect(refusal).toBe(
      'the cell with “Armies in the attacking territory” 6, “Stop when down to” 6 is no battle: “Stop when down to” ' +
        'must be below the 6 armies in the attacking territory, or no attack happens',
    );
  });
});
