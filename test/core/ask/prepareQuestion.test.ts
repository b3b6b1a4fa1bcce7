/**
 * The one way to ask (src/core/ask/prepareQuestion.ts): a question from a form's values or a battle entry
 * is prepared into its battle and one-battle scenario, or refused once, as data that names the
 * form's field, the Question's option or the entry's field; each face words it by lookup.
 */
import { describe, expect, it } from 'vitest';
import { prepareQuestion, type Asking } from '../../../src/core/ask/prepareQuestion.js';
import { SYSTEM_MODULES, type SystemModule } from '../../../src/core/registry/systems.js';
import { DEFAULT_PRECISION_CAP, DEFAULT_SEED, DEFAULT_TRIALS } from '../../../src/core/model/run.js';
import { valuesFromWords } from '../../helpers/form.js';

const module = (id: string) => SYSTEM_MODULES.find((m) => m.system.id === id) as SystemModule;
const landgrab = module('landgrab');

function ask(words: string[], rest: Partial<Asking> = {}) {
  return prepareQuestion({ module: landgrab, battle: valuesFromWords(landgrab.form, words), ...rest });
}

describe('prepareQuestion', () => {
  it('prepares the battle the values describe as a one-battle scenario with the defaults', () => {
    const asked = ask(['--attackers', '12', '--defenders', '8', '--fortress']);
    if (!asked.ok) throw new Error(JSON.stringify(asked.refusal));
    const { battle, scenario, overrides } = asked.prepared;
    expect(battle.label).toBe('12 in territory vs 8 (fortress)');
    expect(battle.entry).toMatchObject({ type: 'battle', attackers: 12, defenders: 8, fortress: true });
    expect(scenario).toMatchObject({ file: 'odds landgrab', seed: DEFAULT_SEED, trials: DEFAULT_TRIALS, question: {} });
    expect(scenario.battles).toEqual([battle]);
    expect(overrides).toEqual({ question: {} });
  });

  it('with a precision target and no trials, the trials cap is the precision cap', () => {
    const asked = ask(['--attackers', '12', '--defenders', '8'], { choices: { precision: 0.001 } });
    expect(asked.ok && asked.prepared.scenario.trials).toBe(DEFAULT_PRECISION_CAP);
  });

  it('the force left out with a target is the question: the fewest armies, marked forceAsked', () => {
    const asked = ask(['--defenders', '9', '--fortress'], { choices: { question: { target: 0.8 } } });
    if (!asked.ok) throw new Error(JSON.stringify(asked.refusal));
    expect(asked.prepared.battle.entry).toMatchObject({ attackers: 18 });
    expect(asked.prepared.question).toEqual({ target: 0.8, forceAsked: true });
    expect(asked.prepared.overrides.question).toEqual(asked.prepared.question);
  });

  it("refuses once, as data: a form field's own check by its key", () => {
    const asked = ask(['--attackers', '9', '--path', '3,2', '--fortress']);
    expect(asked).toEqual({
      ok: false,
      refusal: { key: 'fortress', problem: { reason: 'elsewhere', kind: 'chain' }, path: '' },
    });
  });

  it("an entry's refusal on the form field that sets it, with the entry's path", () => {
    const asked = ask(['--attackers', '3', '--defenders', '2', '--stop-at', '3']);
    expect(asked.ok).toBe(false);
    if (asked.ok) return;
    expect(asked.refusal).toMatchObject({ key: 'stopAt', path: 'stopAt', problem: { reason: 'value' } });
  });

  it("a question option refused by its name, worded with the face's name for the other option", () => {
    const asked = ask(['--attackers', '9', '--defenders', '3'], {
      choices: { question: { objective: 'value', advise: true } },
      nameOf: (option) => `<${option}>`,
    });
    expect(asked).toEqual({
      ok: false,
      refusal: {
        key: 'territoryWorth',
        path: '',
        problem: {
          reason: 'value',
          message: 'is required with <objective> value (what one territory taken is worth, in armies)',
        },
      },
    });
  });

  it('a battle entry asked directly is refused at its own field (no form field sets it)', () => {
    const asked = prepareQuestion({ module: landgrab, battle: { entry: { attackers: 5, defenders: 0 } } });
    expect(asked.ok).toBe(false);
    if (asked.ok) return;
    expect(asked.refusal).toMatchObject({ path: 'defenders', problem: { reason: 'value' } });
  });

  it('a target no army count reaches is refused on the target', () => {
    const asked = prepareQuestion({
      module: landgrab,
      battle: { entry: { defenders: 9 } },
      choices: { question: { target: 1 } },
    });
    expect(asked.ok).toBe(false);
    if (!asked.ok) expect(asked.refusal.key).toBe('target');
  });
});
