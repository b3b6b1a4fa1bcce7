/**
 * `battle-odds plan landgrab --board FILE --objective O`: the plan of a whole turn from a board file, in words
 * and as JSON (decisions.plan in the published report shape), solved for a number of the board, and every
 * refusal one line naming the file and the field (exit 2). Two runs use the built binary, end to end (the bench
 * board's own run through it is the README's checked block, test/readme).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { binary, cli, tempDir } from '../helpers/cli.js';
import type { ScenarioReport } from '../../src/core/model/report.js';
import { scenarioReportSchema } from '../../src/core/registry/report.js';
import { parseBoard } from '../../src/core/systems/landgrab/turn/board.js';
import { boardObjective, objectiveFromText } from '../../src/core/systems/landgrab/turn/objective.js';
import { createTurnSolver } from '../../src/core/systems/landgrab/turn/turnSolver.js';
import { turnRules } from '../../src/core/systems/landgrab/turn/turnRules.js';
import { solveTurn } from '../../src/core/systems/landgrab/turn/solveTurn.js';
import { boardInput } from '../../src/core/systems/landgrab/turnBattle/schema.js';
import { TURN_BOARD } from '../claims/cases/landgrab.js';

const dir = tempDir('battle-odds-plan-');
function boardFile(name: string, board: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof board === 'string' ? board : JSON.stringify(board));
  return file;
}
const small = boardFile('small.json', TURN_BOARD);
const changed = (change: (b: typeof TURN_BOARD) => void) => {
  const b = JSON.parse(JSON.stringify(TURN_BOARD)) as typeof TURN_BOARD;
  change(b);
  return b;
};

describe('battle-odds plan landgrab', () => {
  it('prints the plan: one sentence first, then the steps, the gains and the tables', async () => {
    const r = await cli(['plan', 'landgrab', '--board', small, '--objective', 'continent:East']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('small.json  (landgrab turn; exact)');
    expect(lines[1]).toMatch(
      /^ {2}Put \d+ on [A-Z].*; attack [A-Z] from [A-Z]; you hold East at the end of the turn \d+\.\d% of the time\.$/,
    );
    expect(r.stdout).toMatch(/First attack [A-Z] from [A-Z]: it falls/);
    expect(r.stdout).toMatch(/It beats simpler plans, each valued exactly: greedy/);
    expect(r.stdout).toContain('The main line: the likeliest course of the plan');
    expect(r.stdout).toContain('Simpler plans, valued exactly');
  });

  it('--json publishes decisions.plan in the report shape, its value the exact planner’s', async () => {
    const r = await cli([
      'plan',
      'landgrab',
      '--board',
      small,
      '--objective',
      'capitol:blue',
      '--leader-moves-in',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as ScenarioReport;
    expect(() => scenarioReportSchema.parse(report)).not.toThrow();
    const [battle] = report.battles;
    expect(battle.type).toBe('turn');
    expect(battle.method).toBe('exact');
    const plan = battle.decisions!.plan!;
    for (const key of ['objective', 'value', 'proved', 'placement', 'firstAttack', 'states', 'baselines', 'mainLine'])
      expect(plan, key).toHaveProperty(key);
    expect(plan.objective).toBe('capitol:blue');
    expect(plan.proved).toBe(true);
    // The same board, objective and rules through the planner's own API give the same value.
    const board = parseBoard(boardInput(TURN_BOARD as never));
    const solver = createTurnSolver(
      board,
      boardObjective(board, objectiveFromText('capitol:blue')),
      turnRules({ leaderMovesIn: true }),
    );
    const direct = solveTurn(solver);
    if (direct.status !== 'solved') throw new Error(direct.message);
    expect(Math.abs(plan.value - direct.value)).toBeLessThan(1e-12);
    expect(Math.abs(battle.metrics[0].exact! - direct.value)).toBeLessThan(1e-9);
  });

  it('solves for a number of the board (armies on the capitol), and writes a results folder with --out', async () => {
    const out = path.join(tempDir(), 'turn');
    const r = await cli([
      'plan',
      'landgrab',
      '--board',
      small,
      '--objective',
      'continent:East',
      '--solve-for',
      'board.territories.4.armies',
      '--target',
      '0.9',
      '--out',
      out,
      '--no-charts',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [battle] = (JSON.parse(r.stdout) as ScenarioReport).battles;
    const solved = battle.decisions!.solvedFor!;
    expect(solved.field).toBe('board.territories.4.armies');
    expect(solved.direction).toBe('decreasing');
    expect(solved.value!.probability).toBeGreaterThanOrEqual(0.9);
    expect(solved.neighbour!.probability).toBeLessThan(0.9);
    expect(existsSync(path.join(out, 'report.json'))).toBe(true);
  });

  it.each([
    ['an unknown territory', changed((b) => b.adjacent.push(['A', 'Z'])), 'adjacent[7][1]: unknown territory "Z"'],
    [
      'a duplicate name',
      changed((b) => b.territories.push({ name: 'E', owner: 'blue', armies: 1 })),
      'territories[6].name: "E" is already territory 2 (names are unique)',
    ],
    [
      'a capitol on a fortress',
      changed((b) => Object.assign(b.territories[2], { capitol: true })),
      'territories[2].capitol: a capitol cannot be placed on a fortress',
    ],
    [
      'two capitols for one player',
      changed((b) => Object.assign(b.territories[5], { capitol: true })),
      'territories[5].capitol: blue already has a capitol on G (one per player)',
    ],
    [
      'a territory with no armies',
      changed((b) => Object.assign(b.territories[0], { armies: 0 })),
      'territories[0].armies: must be at least 1',
    ],
    ['me owning nothing', changed((b) => Object.assign(b, { me: 'white' })), 'me: "white" owns no territory'],
    [
      'more territories than the limit',
      changed((b) =>
        b.territories.push(...Array.from({ length: 11 }, (_, i) => ({ name: `Q${i}`, owner: 'blue', armies: 1 }))),
      ),
      'territories: must be at most 16 items',
    ],
    ['a file that is not JSON', '{"me": "red",', 'not valid JSON'],
    [
      'a file past the size limit',
      `{"me": "${'x'.repeat(300 * 1024)}"}`,
      'is 307,210 bytes; board files may be at most 256 KiB',
    ],
  ])('refuses %s in one line naming the file and field (exit 2)', async (name, board, said) => {
    const file = boardFile(`${name.replace(/\W+/g, '-')}.json`, board);
    const r = await cli(['plan', 'landgrab', '--board', file, '--objective', 'continent:East']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`battle-odds: error: ${file}: ${said}`);
  });

  it.each([
    [['--objective', 'continent:West'], '--objective: unknown continent "West"'],
    [['--objective', 'capitol:white'], '--objective: "white" owns no territory'],
    [['--objective', 'capitol:green'], '--objective: green has no capitol'],
    [['--objective', 'conquer'], '--objective: must be one of continent:NAME'],
    [['--objective', 'territories', '--territory-worth', '2'], '--territory-worth: applies only with objective value'],
    [['--objective', 'territories', '--reinforcements', '201'], '--reinforcements: must be at most 200'],
    [['--objective', 'territories', '--fortress-bonus', '7'], '--fortress-bonus: must be at most 6'],
  ])('refuses %j by its flag (exit 2)', async (args, said) => {
    const r = await cli(['plan', 'landgrab', '--board', small, ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`battle-odds: error: plan landgrab: ${said}`);
  });

  // The bench board of issue 28 through the binary is the README's checked block (test/readme): solved once there.
  it('the binary plans a board as a user runs it, and refuses a missing file without a stack trace', () => {
    const r = binary(['plan', 'landgrab', '--board', small, '--objective', 'continent:East']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`${path.basename(small)}  (landgrab turn; exact)`);
    expect(r.stdout.split('\n')[1]).toMatch(
      /^ {2}Put \d+ on [A-Z].*; you hold East at the end of the turn \d+\.\d% of the time\.$/,
    );
    const missing = binary(['plan', 'landgrab', '--board', 'no-such-board.json', '--objective', 'territories']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('battle-odds: error: no-such-board.json: no such file\n');
  });
});
