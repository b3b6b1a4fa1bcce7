/** `battle-odds odds kings-and-things` as a user runs it: in-process, as the binary runs it. */
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const odds = (...args: string[]) => cli(['odds', 'kings-and-things', ...args]);

/** Exit 2, one line on stderr naming the flag, no stack trace. */
function expectFlagError(r: Awaited<ReturnType<typeof cli>>, flag: string, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${flag}:`);
  expect(lines[0]).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('odds kings-and-things: errors name the flag typed', () => {
  it('a fort level out of range names --fort', async () => {
    expectFlagError(await odds('--attackers', 'Orc:2', '--fort', '5'), '--fort', /fort level 5 is out of range/);
  });
  it('an unknown creature names --attackers', async () => {
    expectFlagError(await odds('--attackers', 'Goblinn'), '--attackers', /unknown creature 'Goblinn'/);
  });
  it('a retreating defender of an unexplored hex names --defender-retreat', async () => {
    expectFlagError(
      await odds('--attackers', 'Orc:2', '--defenders', 'Orc:2', '--unexplored', '--defender-retreat', 'rounds:2'),
      '--defender-retreat',
      /never retreat/,
    );
  });
  it('too much bribery gold names --bribe', async () => {
    expectFlagError(
      await odds('--attackers', 'Giant:4', '--explore', '--bribe', '10000000000'),
      '--bribe',
      /at most 60/,
    );
  });
  it('an unknown --fort-after-retreat reading names the flag', async () => {
    expectFlagError(
      await odds('--attackers', 'Orc:2', '--fort', 'keep', '--fort-after-retreat', 'crumbles'),
      '--fort-after-retreat',
      /fights-on or falls/,
    );
  });
});

describe('odds kings-and-things: flags that do not apply are refused', () => {
  it('--bribe without --explore', async () => {
    expectFlagError(await odds('--attackers', 'Orc:2', '--bribe', '5'), '--bribe', /only with --explore/);
  });
  it('--fort-levels: a comparison of several battles, not for odds (it points to the sweep)', async () => {
    expectFlagError(
      await odds('--attackers', 'Orc:2', '--fort-levels'),
      '--fort-levels',
      /odds answers one: run the fort-level sweep of scenarios\/kings-and-things-castle-assault\.json/,
    );
  });
  it('--defenders with --explore', async () => {
    expectFlagError(
      await odds('--attackers', 'Orc:2', '--explore', '--defenders', 'Orc:2'),
      '--defenders',
      /does not apply with --explore/,
    );
  });
});

describe('odds kings-and-things: answers', () => {
  it('prints the verdict first: the chance to capture and the survivors', async () => {
    const r = await odds(
      '--attackers',
      'Giant:4,Elves:2R,Dragon:3*C',
      '--fort',
      'castle',
      '--defenders',
      'Nomads',
      '--exact-only',
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(
      new RegExp(
        '^ {2}(Attack|A gamble|Hold back): you capture the hex [\\d.]+% of the time; ' +
          '[\\d.]+ of your 3 creatures survive on average when you do\\.$',
      ),
    );
  });
  it('a single counter name for --attacker-losses is a one-element loss order', async () => {
    const r = await odds(
      '--attackers',
      'Giant:4,Orc:2',
      '--defenders',
      'Troll:3',
      '--attacker-losses',
      'Giant',
      '--exact-only',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const [battle] = JSON.parse(r.stdout).battles;
    expect(battle.method).toBe('exact');
    expect(battle.entry.attacker.losses).toEqual(['Giant']);
  });
  it("--fort-after-retreat falls makes a retreating defender's battle solvable exactly", async () => {
    const args = [
      '--attackers',
      '2x Orc:2,Troll:3',
      '--defenders',
      '2x Goblin:1',
      '--fort',
      'keep',
      '--defender-losses',
      'weakest-first',
      '--defender-retreat',
      'down-to:1',
    ];
    expect((await odds(...args, '--fort-after-retreat', 'falls', '--exact-only', '--json')).code).toBe(0);
  });
});
