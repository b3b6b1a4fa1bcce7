/**
 * An answer for a phone (src/web/answer/sections.ts): the recommendation first, every other
 * verdict line in the section of the decision it quotes (by the report's verdictQuotes, no
 * sentence parsed), each table and chart with its decision, and each section's summary read
 * from its decision by name. Also: a field that depends on another is asked only while that
 * one has a value it applies to, and leaves the question and the link otherwise.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_MODULES, type SystemModule } from '../../src/core/registry/systems.js';
import { InProcessExecutor, findSystem } from '../../src/core.js';
import { runBattle } from '../../src/core/engine/answer/battle.js';
import { answerParts } from '../../src/web/answer/sections.js';
import { blankState, withArgs } from '../../src/web/question/state.js';
import { stateToHash } from '../../src/web/question/url.js';
import { toQuestion } from '../../src/web/question/toQuestion.js';
import { fieldAsked } from '../../src/core/form/form.js';

const moduleOf = (id: string) => SYSTEM_MODULES.find((m) => m.system.id === id) as SystemModule;

/** The page's answer to a question given as command-line words, with a target and advice as the page asks them. */
async function answer(id: string, args: string[], ask: { target?: string; advise?: boolean } = {}) {
  const module = moduleOf(id);
  const state = withArgs(module, blankState(module), args);
  const asked = toQuestion(module, { ...state, target: ask.target ?? '', advise: ask.advise ?? false });
  if (!asked.ok) throw new Error(JSON.stringify(asked.problems));
  const q = asked.asked;
  const options = { seed: q.seed, trials: q.trials, kernel: 'fast' as const, method: q.method, question: q.question };
  return runBattle(module.system, q.battle, 'page', options, new InProcessExecutor(findSystem));
}

describe('an answer in sections', () => {
  it('LandGrab advice: the recommendation first, then how many are needed and when to stop', async () => {
    const report = await answer('landgrab', ['--attackers', '18', '--defenders', '8', '--fortress']);
    const plain = answerParts(report);
    expect(plain.first).toEqual([report.verdict[0]]);
    expect(plain.sections.map((s) => s.id)).toEqual(['numbers']);

    const decisions = await answer('landgrab', ['--attackers', '18', '--defenders', '8', '--fortress'], {
      target: '0.75',
      advise: true,
    });
    const parts = answerParts(decisions);
    expect(parts.first).toEqual([decisions.verdict[0]]);
    expect(parts.sections.map((s) => s.id)).toEqual(['needed', 'stopRule', 'numbers']);
    const [needed, stop] = parts.sections;
    const d = decisions.decisions!;
    expect(needed.gist).toBe(`${d.needed!.count} armies for 75%`);
    expect(needed.tables.map((t) => t.name)).toEqual(['armies-needed']);
    expect(needed.charts.map((c) => c.name)).toEqual(['armies-needed']);
    expect(stop.gist).toBe(`break off in ${d.stopRule!.breakOff.length} places`);
    expect(stop.tables.map((t) => t.name)).toEqual(['stop-rule']);
    // Every line is somewhere, once, in order.
    expect([...parts.first, ...parts.sections.flatMap((s) => s.lines)]).toEqual(decisions.verdict);
    expect(parts.charts).toEqual([]);
  });

  it('Kings & Things advice: playing it well and a creature to add, read from their decisions', async () => {
    const report = await answer(
      'kings-and-things',
      ['--attackers', 'Giant,Elves:2R,Ogre,Troll', '--defenders', 'Nomads,Skeletons,Druid', '--fort', 'tower'],
      { target: '0.9', advise: true },
    );
    const parts = answerParts(report);
    expect(parts.sections.map((s) => s.id)).toEqual(['optimalPlay', 'addedCreature', 'numbers']);
    const [play, added] = parts.sections;
    const d = report.decisions!;
    expect(play.gist).toMatch(/^\d+\.\d% if both sides choose losses and retreats well; \d+\.\d% if only you do$/);
    expect(play.tables.map((t) => t.name).sort()).toEqual(['optimal-losses', 'optimal-play']);
    if (d.addedCreature?.answer === 'found')
      expect(added.gist).toContain(`of combat value ${d.addedCreature.chosen!.value} reaches 90%`);
    expect(added.charts.map((c) => c.name)).toEqual(d.addedCreature?.tried.length ? ['added-creature'] : []);
    // The outcome chart is no section's.
    expect(parts.charts.map((c) => c.name)).toEqual(['outcomes']);
    // Every line once; the odds' own second line ("The defender holds ...") with every number.
    expect([...parts.first, ...parts.sections.flatMap((s) => s.lines)].sort()).toEqual([...report.verdict].sort());
    expect(parts.sections.at(-1)?.lines).toEqual([report.verdict[1]]);
  });

  it('Princes & Queens: the lines that finish the first one stay with it; from how far in words', async () => {
    const report = await answer(
      'princes-and-queens',
      ['--distance', '2', '--defender', 'queen', '--terrain', 'mountain'],
      { advise: true },
    );
    const parts = answerParts(report);
    // "Not possible: ..." and "The move does not count." (which quotes nothing) together.
    expect(parts.first).toEqual(report.verdict.slice(0, 2));
    const reach = parts.sections.find((s) => s.id === 'reach')!;
    const r = report.decisions!.reach!;
    const far = (x: { farthest: number | null; any: boolean }) =>
      x.any ? 'from any distance' : x.farthest === null ? 'from no distance' : `up to ${x.farthest} hex`;
    expect(reach.gist).toMatch(new RegExp(`^one Prince ${far(r.onePrince)}`));
  });
});

describe('a field that depends on another', () => {
  const pq = moduleOf('princes-and-queens');
  const distance = pq.form.fields.find((f) => f.key === 'defenderDistance')!;

  it('is asked only while the field it depends on has a value it applies to', () => {
    const asked = (defender: string | undefined) =>
      fieldAsked(pq.form, distance, '', (key) => (key === 'defender' ? defender : undefined));
    expect(asked('prince')).toBe(true);
    expect(asked('two-princes')).toBe(true);
    expect(asked('queen')).toBe(false);
    expect(asked(undefined)).toBe(false);
  });

  it('leaves the question and the link when it does not apply (its value kept or not)', () => {
    const state = withArgs(pq, blankState(pq), ['--distance', '2', '--defender', 'queen', '--defender-distance', '3']);
    expect(stateToHash(pq, state)).toBe('#princes-and-queens?distance=2&defender=queen');
    const asked = toQuestion(pq, state);
    expect(asked.ok && asked.asked.args).toEqual(['--distance 2', '--defender queen']);
  });
});
