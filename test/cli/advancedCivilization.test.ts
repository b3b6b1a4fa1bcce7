import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cli, tempDir } from '../helpers/cli.js';

const odds = (...args: string[]) => cli(['odds', 'advanced-civilization', ...args]);

/** An input error: exit 2, one line on stderr naming the flag, no stack trace. */
function expectFlagError(r: Awaited<ReturnType<typeof cli>>, text: string): void {
  expect(r.code).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(text);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('battle-odds odds advanced-civilization (built binary)', () => {
  it('answers a fixed conflict with the verdict first', async () => {
    const r = await odds('--limit', '3', '--attacker', '4', '--defender', '4', '--fort');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe(
      '  Limit 3 no longer exceeded after 5 removals: attacker 1 and defender 2 both stay. ' +
        'Defender has the majority and keeps the fort.',
    );
    expect(r.stdout).toMatch(/Both stay: limit no longer exceeded\s+100\.00%/);
  });

  it("the fort goes with the city's owner who keeps control, never with the tokens beside it (issue 18)", async () => {
    const r = await cli([
      'should-i-attack',
      'advanced-civilization',
      ...['--limit', '3', '--attacker', '5', '--defender', '4', '--fort', '--city'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe(
      '  Limit 3 no longer exceeded after 6 removals: attacker 2 and defender 1 both stay. ' +
        "Attacker's 2 tokens are short of the 7 needed to attack defender's city: the city stands. " +
        "Defender keeps control of the area and the fort; attacker's 2 tokens stay beside it.",
    );
    expect(r.stdout).toMatch(/defender keeps the fort\s+100\.00%/);
  });

  it('"how many tokens?": --target without --attacker answers the count, fought with that many', async () => {
    const r = await odds('--limit', '3', '--defender', '4', '--fort', '--target', '0.8', '--json');
    expect(r.code, r.stderr).toBe(0);
    const [battle] = JSON.parse(r.stdout).battles;
    expect(battle.entry.nations[0].tokens).toBe(5);
    expect(battle.verdict[0]).toBe(
      'You need 5 tokens to control the area (no chance involved), 7 to clear it (alone in the area).',
    );
    expect(battle.decisions.tokensNeeded).toMatchObject({ have: null, controls: { tokens: 5, probability: 1 } });
  });

  it('leaves out rows that cannot happen: no city, no "city stands" row; no fort, no fort rows', async () => {
    const r = await odds('--limit', '3', '--attacker', '6', '--defender', '4');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/city|fort/i);
    expect(r.stdout).toMatch(/Both stay: limit no longer exceeded\s+0\.00%/);
    const json = JSON.parse((await odds('--limit', '3', '--attacker', '6', '--defender', '2-6', '--json')).stdout);
    const keys = json.battles[0].metrics.map((m: { key: string }) => m.key);
    expect(keys).not.toContain('cityStands');
    expect(keys).toContain('stay');
    // With a city it can happen, and is reported.
    const city = await odds('--limit', '2', '--attacker', '6', '--defender', '0', '--city');
    expect(city.stdout).toMatch(/defender's city stands beside others\s+100\.00%/);
  });

  it('--json carries the outcome category, the controller and the verdict', async () => {
    const r = await odds('--limit', '2', '--attacker', '6', '--defender', '0', '--city', '--json');
    expect(r.code, r.stderr).toBe(0);
    const [battle] = JSON.parse(r.stdout).battles;
    const exact = (key: string) => battle.metrics.find((m: { key: string }) => m.key === key)?.exact;
    expect(battle).toMatchObject({ method: 'exact', headline: 'controls_0' });
    expect([exact('cityStands'), exact('controls_1'), exact('alone_0'), exact('alone_1')]).toEqual([1, 1, 0, 0]);
    expect(battle.verdict[0]).toContain('short of the 7 needed');
  });

  it('answers an unknown defender exactly by default, and samples it with --sample (exact beside)', async () => {
    const args = ['--limit', '3', '--attacker', '6', '--defender', '2-8', '--fort', '--attacker-tech', 'engineering'];
    const exact = await odds(...args);
    expect(exact.code, exact.stderr).toBe(0);
    expect(exact.stdout).toMatch(/P\(attacker controls the area: alone or by majority\)\s+57\.14%/);
    const r = await odds(...args, '--sample', '--trials', '100000');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('100,000 trials');
    // Of the 7 defender counts, 4 leave the attacker in control: exact 4/7.
    expect(r.stdout).toMatch(
      /P\(attacker controls the area: alone or by majority\)\s+\d+\.\d\d%\s+\[[^\]]+\]\s+57\.14%/,
    );
  });

  it('writes a removals CSV with a header and a reason when nothing is removed', async () => {
    const dir = tempDir();
    const r = await odds('--limit', '6', '--attacker', '3', '--defender', '2', '--out', dir);
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(path.join(dir, 'limit-6-attacker-3-defender-2.removals.csv'), 'utf8').trim().split('\n');
    // (The writer leaves out columns that are empty in every row: round and removing here.)
    expect(csv[0]).toBe('step,phase,note,attacker tokens,attacker level,defender tokens,defender level');
    expect(csv[1]).toContain('no conflict: 5 <= limit 6');
  });

  const errors: Array<[string, string[], string]> = [
    [
      'negative attacker tokens',
      ['--limit', '3', '--attacker', '-2', '--defender', '3'],
      '--attacker: tokens must be >= 0',
    ],
    [
      'a negative defender range',
      ['--limit', '3', '--attacker', '3', '--defender', '-3-5'],
      '--defender: tokens must be >= 0',
    ],
    [
      'an unknown reading',
      ['--limit', '3', '--attacker', '4', '--defender', '3', '--reading', 'dice'],
      '--reading: advantageReading must be',
    ],
    [
      'a fort owner who is not in the area',
      ['--limit', '3', '--attacker', '4', '--defender', '3', '--fort-owner', 'nobody'],
      '--fort-owner: fort.owner "nobody"',
    ],
    ['a missing defender', ['--limit', '3', '--attacker', '4'], '--defender is required'],
    [
      'neither the attacker nor a target',
      ['--limit', '3', '--defender', '4'],
      '--attacker is required (attacker tokens: a number, a range 4-9 or a list 3,5,8), or leave it out and give ' +
        '--target to find how many you need',
    ],
    [
      'a target no count reaches',
      ['--limit', '0', '--defender', '200', '--target', '0.8'],
      '--target: no count up to 200 tokens controls the area',
    ],
  ];
  for (const [name, args, text] of errors) {
    it(`names the flag: ${name}`, async () => expectFlagError(await odds(...args), text));
  }
});
