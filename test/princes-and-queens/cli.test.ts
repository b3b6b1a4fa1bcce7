import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const odds = (...args: string[]) => cli(['odds', 'princes-and-queens', ...args]);

describe('battle-odds odds princes-and-queens (built binary)', () => {
  it('answers an attack with the verdict first', () => {
    const r = odds('--distance', '2', '--defender', 'prince', '--defender-distance', '3', '--terrain', 'mountain');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '  Not possible: attack 3 (Prince, 5 - 2) is lower than defence 4 (Prince 5 - 3 = 2, doubled defending in a mountain).',
    );
    expect(r.stdout).toMatch(/Attack possible \(1 = yes, and it wins; 0 = the move does not count\)\s+0/);
  });

  it('--table prints the farthest attacking distances, and its label is only what was typed', () => {
    const r = odds('--table', '--max-distance', '5');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^--table --max-distance 5 /);
    expect(r.stdout).toContain(
      'One Prince, plain hex: Queen 1, City 2, Queen + City -; Prince at 1/2/3/4/5: 1/2/3/4/5;',
    );
  });

  const errors: Array<[string, string[], string]> = [
    ['a missing defender', ['--distance', '2'], '--defender is required'],
    ['a missing distance', ['--defender', 'queen'], '--distance is required'],
    ['attack flags with --table', ['--table', '--distance', '2'], '--distance does not apply with --table'],
    [
      'an unknown floor reading',
      ['--distance', '2', '--defender', 'queen', '--prince-floor', 'x'],
      '--prince-floor: princeFloor must be',
    ],
  ];
  for (const [name, args, text] of errors) {
    it(`names the flag: ${name}`, () => {
      const r = odds(...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(text);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
