import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';

const odds = (...args: string[]) => cli(['odds', 'princes-and-queens', ...args]);

describe('battle-odds odds princes-and-queens (in-process)', () => {
  it('answers an attack with the verdict first, then the outcome and the values (exact)', async () => {
    const r = await odds(
      '--distance',
      '2',
      '--defender',
      'prince',
      '--defender-distance',
      '3',
      '--terrain',
      'mountain',
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/\(princes-and-queens attack; exact\)$/);
    expect(lines[1]).toBe(
      '  Not possible: attack 3 (Prince, 5 - 2) is lower than defence 4 ' +
        '(Prince 5 - 3 = 2, doubled defending in a mountain).',
    );
    expect(lines[2]).toBe('  The move does not count.');
    expect(r.stdout).toMatch(/\n\s+exact\nAttack possible \(and it wins\)\s+0\.00%\n/);
    expect(r.stdout).toMatch(/Attack not possible \(the move does not count\)\s+100\.00%/);
    expect(r.stdout).toMatch(/Attack minus defence \(points\)\s+-1\n/);
  });

  it('shows no sampling flags: nothing is random', async () => {
    const r = await odds('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--defender-distance');
    for (const flag of ['--trials', '--seed', '--threads', '--kernel', '--precision', '--exact-only'])
      expect(r.stdout).not.toContain(flag);
  });

  it('--json prints the one report shape, headline first', async () => {
    const r = await odds('--distance', '1', '--princes', '2', '--defender', 'city', '--json');
    expect(r.code, r.stderr).toBe(0);
    const [battle] = JSON.parse(r.stdout).battles;
    expect(battle.headline).toBe('attackPossible');
    expect(battle.metrics[0]).toMatchObject({ key: 'attackPossible', kind: 'probability', exact: 1 });
    expect(battle.tables[0].name).toBe('values');
  });

  it('--table is a sweep now: refused, pointing at the bundled scenario', async () => {
    const r = await odds('--table', '--max-distance', '5');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--table: the table of attacks across distances, defenders and terrain is a sweep now');
    expect(r.stderr).toContain('battle-odds run scenarios/princes-and-queens-battle-values.json');
  });

  const errors: Array<[string, string[], string]> = [
    ['a missing defender', ['--distance', '2'], '--defender is required'],
    ['a missing distance', ['--defender', 'queen'], '--distance is required'],
    ['--max-distance without --table', ['--distance', '2', '--max-distance', '3'], '--max-distance: the table'],
    [
      'an unknown floor reading',
      ['--distance', '2', '--defender', 'queen', '--prince-floor', 'x'],
      '--prince-floor: princeFloor must be',
    ],
    [
      'a defending Prince without his distance',
      ['--distance', '2', '--defender', 'prince'],
      '--defender-distance: a defending Prince needs defenderDistance',
    ],
  ];
  for (const [name, args, text] of errors) {
    it(`names the flag: ${name}`, async () => {
      const r = await odds(...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(text);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});

describe('battle-odds run scenarios/princes-and-queens-battle-values.json (in-process)', () => {
  it('writes the values tables, sweep.csv with the margin of every cell, and the farthest distances', async () => {
    const out = tempDir();
    const r = await cli(['run', 'scenarios/princes-and-queens-battle-values.json', '--out', out, '--no-charts']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('sweep distance (6) x defender (15) x terrain (2) x princes (2) = 360 cells');
    const dir = path.join(out, 'princes-and-queens-battle-values');
    const sweep = readFileSync(path.join(dir, 'sweep.csv'), 'utf8').split('\n');
    expect(sweep[0]).toMatch(/^distance,defender,terrain,princes,method,trials,attackPossible,.*,margin,margin_exact$/);
    // One Prince 2 from his Queen (3) against a mountain Prince 3 from his (4): not possible, margin -1.
    expect(sweep).toContain('2,Prince at 3,mountain,1,exact,0,0,0,1,1,3,3,4,4,-1,-1');
    const thresholds = readFileSync(path.join(dir, 'thresholds.csv'), 'utf8');
    expect(thresholds.split('\n')[0]).toBe('metric,variant,defender,terrain,princes,target,first_distance,probability');
    // Counting down from 6: one Prince reaches a plain City (3) from 2 hexes, never a plain Queen + City (7).
    expect(thresholds).toContain('\nattackPossible,baseline,City,plain,1,1,2,1\n');
    expect(thresholds).toContain('\nattackPossible,baseline,Queen + City,plain,1,1,,\n');
  });
});
