/**
 * The question forms (src/core/form and each system's form.ts), the one declaration both
 * front ends are generated from: every field is complete (limits for every whole number,
 * a player's label for every field the page asks), every example command line gives the
 * battle entry the command line built before the forms existed, read the command line's
 * way, the page's way and through the page's link; errors name the flag in the shell and
 * the label on the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_MODULES, type SystemModule } from '../../../src/core/registry/systems.js';
import { formArgs, formEntry, FormProblem } from '../../../src/core/form/entry.js';
import { fieldOfEntry, paramOf, type QuestionForm } from '../../../src/core/form/form.js';
import { FormLimitError, FormValueError, readField } from '../../../src/core/form/read.js';
import { refusalInShellWords } from '../../../src/core/form/shellWords.js';
import { pageProblem } from '../../../src/web/question/words.js';
import { commandWords, exampleState, firstQuestion, withArgs, blankState } from '../../../src/web/question/state.js';
import { stateFromHash, stateToHash } from '../../../src/web/question/url.js';
import { toQuestion } from '../../../src/web/question/toQuestion.js';
import { ROOT } from '../../helpers/cli.js';
import { entryFromWords, valuesFromWords } from '../../helpers/form.js';

const moduleOf = (id: string) => SYSTEM_MODULES.find((m) => m.system.id === id) as SystemModule;
const landgrab = moduleOf('landgrab');
const kt = moduleOf('kings-and-things');
const civ = moduleOf('advanced-civilization');
const pq = moduleOf('princes-and-queens');

/** The entries the systems' cli.ts files built from these command lines, before the forms (main at 3733fb5). */
const BEFORE = JSON.parse(
  readFileSync(path.join(ROOT, 'test/core/form/fixtures/form-entries-before.json'), 'utf8'),
) as Record<string, unknown>;

/** The words after `battle-odds odds <system>`, without the options every system shares. */
function systemWords(line: string): string[] {
  const words = commandWords(line).slice(3);
  return words.filter((w, i) => !['--target', '--json', '--sample'].includes(w) && words[i - 1] !== '--target');
}

const questionOf = (line: string) => (line.includes('--target') ? { target: 0.8 } : {});

describe('every form', () => {
  for (const { system, form } of SYSTEM_MODULES) {
    it(`${system.id}: each field is complete, in each front end's words`, () => {
      const kinds = (form.kinds ?? []).map((k) => k.value);
      const keys = new Set<string>();
      for (const field of form.fields) {
        const what = `${system.id} ${field.key}`;
        expect(keys.has(field.key), what).toBe(false);
        keys.add(field.key);
        // The flag, the URL's name and commander's name for the value are the key's.
        expect(field.cli.flag, what).toBe(`--${paramOf(field.key)}`);
        expect(field.cli.help.length, what).toBeGreaterThan(0);
        if (['count', 'counts', 'range'].includes(field.kind)) {
          expect(field.min, `${what}: min`).toBeTypeOf('number');
          expect(field.max, `${what}: max`).toBeTypeOf('number');
        }
        if (field.kind === 'choice' || field.kind === 'multi') expect(field.choices?.length, what).toBeGreaterThan(1);
        for (const value of [field.default, field.leftOut])
          if (value && field.kind === 'choice')
            expect(
              field.choices?.map((c) => c.value),
              what,
            ).toContain(value);
        for (const kind of [...(field.appliesTo ?? []), ...(field.choosesKind ? [field.choosesKind] : [])])
          expect(kinds, what).toContain(kind);
        // A retired flag, or one the kind of question sets, is not asked on the page.
        if (field.cli.retired || (field.choosesKind && field.kind === 'flag')) expect(field.page, what).toBeNull();
        const pageText = [field.page?.label, field.page?.help, ...(field.choices ?? []).map((c) => c.label)];
        for (const text of pageText) expect(text ?? '', `${what}: a player's words`).not.toMatch(/--[a-z]/);
        if (field.page) expect(field.page.label.length, what).toBeGreaterThan(0);
      }
      for (const kind of form.kinds ?? []) expect(kind.label).not.toMatch(/--[a-z]/);
    });
  }

  it('the reinforcements command states its limits too', () => {
    for (const field of landgrab.commands?.[0]?.fields ?? []) {
      expect(field.min).toBeTypeOf('number');
      expect(field.max).toBeTypeOf('number');
    }
  });
});

describe("the examples' battle entries, as before the forms", () => {
  const examples = SYSTEM_MODULES.flatMap((m) =>
    Object.keys(BEFORE)
      .filter((line) => commandWords(line)[2] === m.system.id)
      .map((line) => ({ module: m, line })),
  );

  it('covers every system and every `odds` example', () => {
    for (const m of SYSTEM_MODULES)
      for (const line of m.form.examples.filter((e) => commandWords(e)[1] === 'odds'))
        expect(Object.keys(BEFORE), line).toContain(line);
    expect(new Set(examples.map((e) => e.module.system.id)).size).toBe(SYSTEM_MODULES.length);
  });

  for (const { module, line } of examples) {
    it(`${line.slice('battle-odds odds '.length)}`, () => {
      const words = systemWords(line);
      const question = questionOf(line);
      // The command line's way: commander with the options generated from the form.
      expect(entryFromWords(module.form, words, question)).toEqual(BEFORE[line]);
      // The page's way: the words as the page's state, read by the page, and again through its link.
      const state = withArgs(module, blankState(module), words);
      const fromLink = stateFromHash(SYSTEM_MODULES, stateToHash(module, state));
      for (const pageState of [state, fromLink!]) {
        const asked = toQuestion(module, { ...pageState, target: question.target ? '0.8' : '' });
        if (!asked.ok) throw new Error(JSON.stringify(asked.problems));
        const { values, kind } = asked.asked;
        expect(formEntry(module.form, values, kind, question)).toEqual(BEFORE[line]);
        expect(asked.asked.args).toEqual(formArgs(module.form.fields, valuesFromWords(module.form, words).values));
      }
    });
  }

  it('the page starts at its first question: the first example, or its own where it says why (firstQuestion)', () => {
    for (const module of SYSTEM_MODULES) {
      const asked = toQuestion(module, exampleState(module));
      if (!asked.ok) throw new Error(JSON.stringify(asked.problems));
      // The question's own words, in its own order.
      expect(asked.asked.args.join(' ')).toBe(systemWords(firstQuestion(module) as string).join(' '));
    }
  });
});

describe('reading a value', () => {
  const field = (key: string, form: QuestionForm = landgrab.form) => form.fields.find((f) => f.key === key)!;

  it('whole numbers within their stated limit, lists each within it', () => {
    expect(readField(field('attackers'), '1_000')).toBe(1000);
    expect(() => readField(field('attackers'), '5001')).toThrow(FormLimitError);
    expect(() => readField(field('attackers'), '1e20')).toThrow('must be at most 5000.');
    expect(() => readField(field('attackers'), '1x')).toThrow('must be a whole number.');
    expect(readField(field('path'), '3,5,2')).toEqual([3, 5, 2]);
    expect(() => readField(field('path'), '3,9000')).toThrow('each value must be at most 5000.');
  });

  it('counts that may be unknown, several choices, counters', () => {
    expect(readField(field('attacker', civ.form), '7')).toBe(7);
    expect(readField(field('attacker', civ.form), '4..9')).toEqual({ min: 4, max: 9 });
    expect(readField(field('attacker', civ.form), '3, 5,8')).toEqual({ values: [3, 5, 8] });
    expect(() => readField(field('attacker', civ.form), 'many')).toThrow(FormValueError);
    expect(() => readField(field('attacker', civ.form), '2-900')).toThrow('each end must be at most 200.');
    expect(readField(field('attackerTech', civ.form), 'Engineering, metalworking')).toEqual([
      'engineering',
      'metalworking',
    ]);
    expect(() => readField(field('attackerTech', civ.form), 'gunpowder')).toThrow(
      'unknown technology "gunpowder": use metalworking, engineering, military, mathematics.',
    );
    expect(readField(field('attackers', kt.form), ' Giant:4, Elves:2R,, 2x Nomads ')).toEqual([
      'Giant:4',
      'Elves:2R',
      '2x Nomads',
    ]);
  });
});

describe('the checks every form shares, worded by each front end', () => {
  /** The problem of command-line words, in the shell's words and the page's. */
  function problem(module: SystemModule, words: string[], question = {}) {
    try {
      entryFromWords(module.form, words, question);
    } catch (error) {
      if (!(error instanceof FormProblem)) throw error;
      return {
        cli: refusalInShellWords(`odds ${module.system.id}`, module.form, error).message,
        page: pageProblem(module.form, error),
      };
    }
    throw new Error(`no problem with ${words.join(' ')}`);
  }

  it('a field of another kind of question is refused, never dropped, with what to do instead', () => {
    expect(problem(landgrab, ['--attackers', '9', '--path', '3,2', '--fortress']).cli).toBe(
      'odds landgrab: --fortress: does not apply with --path (mark fortresses on the path with --fortresses)',
    );
    expect(problem(landgrab, ['--attackers', '9', '--defenders', '3', '--leaders', '1']).cli).toBe(
      'odds landgrab: --leaders: applies only with --path (for one territory use --defending-leader)',
    );
    expect(problem(landgrab, ['--attackers', '9', '--path', '3', '--capitol', '2']).cli).toBe(
      'odds landgrab: --capitol: does not apply with --path (a chain and a capitol conquest are separate questions)',
    );
    expect(problem(kt, ['--attackers', 'Orc:2', '--explore', '--defender-retreat-hex', '2']).cli).toMatch(
      /--defender-retreat-hex: does not apply with --explore \(the defenders are drawn from the cup/,
    );
    expect(problem(kt, ['--attackers', 'Orc:2', '--cup', 'creatures']).cli).toBe(
      'odds kings-and-things: --cup: applies only with --explore (the cup the defenders are drawn from)',
    );
  });

  it('a missing value: the flag and what it is in the shell, the label on the page', () => {
    const missing = problem(pq, ['--distance', '2']);
    expect(missing.cli).toBe('odds princes-and-queens: --defender is required (prince, two-princes, queen or city)');
    expect(missing.page).toEqual({ param: 'defender', message: 'Fill in “Defender”.' });
    const force = problem(civ, ['--limit', '3', '--defender', '4']);
    expect(force.cli).toBe(
      'odds advanced-civilization: --attacker is required (attacker tokens: a number, a range 4-9 or a list 3,5,8), ' +
        'or leave it out and give --target to find how many you need',
    );
    expect(force.page.message).toBe(
      'Fill in “Attacking tokens”, or give a target probability (under More options) to find how many you need.',
    );
    // With a target, leaving the force out is the question.
    expect(entryFromWords(civ.form, ['--limit', '3', '--defender', '4'], { target: 0.8 })).toMatchObject({
      nations: [{ name: 'attacker' }, { name: 'defender', tokens: 4 }],
    });
  });

  it("a system's own refusal and a retired flag", () => {
    const position = problem(landgrab, ['--attackers', '9', '--path', '3,2', '--fortresses', '3']);
    expect(position.cli).toBe('odds landgrab: --fortresses: position 3 is not on the path (1..2)');
    expect(position.page).toEqual({
      param: 'fortresses',
      message: 'Fortresses on the path: position 3 is not on the path (1..2).',
    });
    expect(problem(pq, ['--table']).cli).toMatch(
      /^odds princes-and-queens: --table: the table of attacks .* sweep now/,
    );
    expect(problem(kt, ['--attackers', 'Orc:2', '--fort-levels']).cli).toMatch(
      /--fort-levels: compares several battles .* odds answers one: run the fort-level sweep/,
    );
  });
});

describe("an entry's field names the form's field that sets it", () => {
  it('Kings & Things: both sides, exploration, the hex', () => {
    const expected: Record<string, string> = {
      'attacker.creatures[0]': 'attackers',
      'attacker.losses': 'attackerLosses',
      'attacker.losses[1]': 'attackerLosses',
      'attacker.retreat.whenOutnumbered': 'retreat',
      'explorer.creatures': 'attackers',
      'explorer.losses': 'attackerLosses',
      'explorer.retreat': 'retreat',
      'defender.creatures[2]': 'defenders',
      'defender.losses': 'defenderLosses',
      'defender.retreat': 'defenderRetreat',
      'defender.fort': 'fort',
      'defender.fortAfterRetreat': 'fortAfterRetreat',
      'defender.city': 'city',
      'defender.village': 'village',
      'defender.income[0]': 'income',
      'defender.other': 'defenders',
      unexplored: 'unexplored',
      'bribery.gold': 'bribe',
      cup: 'cup',
      'attacker.retreatHex.creatures': 'retreatHex',
      'explorer.retreatHex': 'retreatHex',
      'defender.retreatHex': 'defenderRetreatHex',
      type: 'explore',
    };
    for (const [path, key] of Object.entries(expected)) expect(fieldOfEntry(kt.form, path)?.key, path).toBe(key);
    // Field text is never looked up as an object key.
    for (const path of ['toString', 'constructor', '__proto__', 'hasOwnProperty.x', 'attackerx'])
      expect(fieldOfEntry(kt.form, path), path).toBeUndefined();
  });

  it('LandGrab and Advanced Civilization: list positions and nations', () => {
    expect(fieldOfEntry(landgrab.form, 'path[2].fortress')?.key).toBe('fortresses');
    expect(fieldOfEntry(landgrab.form, 'path[0].defendingLeader')?.key).toBe('leaders');
    expect(fieldOfEntry(landgrab.form, 'path[1].defenders')?.key).toBe('path');
    expect(fieldOfEntry(landgrab.form, 'territories[0]')?.key).toBe('capitol');
    expect(fieldOfEntry(civ.form, 'nations[0].tokens')?.key).toBe('attacker');
    expect(fieldOfEntry(civ.form, 'nations[1].tokens.min')?.key).toBe('defender');
    expect(fieldOfEntry(civ.form, 'nations[0].armies')?.key).toBe('attackerArmies');
    expect(fieldOfEntry(civ.form, 'nations[1].engineering')?.key).toBe('defenderTech');
    expect(fieldOfEntry(civ.form, 'fort.owner')?.key).toBe('fortOwner');
    expect(fieldOfEntry(civ.form, 'advantageReading')?.key).toBe('reading');
  });
});
