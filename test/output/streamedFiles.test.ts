/**
 * The results folder is written a battle at a time (summary.csv's rows, report.json's battles
 * and index.html's sections wait in spools, not in memory), and its files are byte for byte
 * what the whole-report renderers write: summaryCsv, distributionsCsv, reportJsonText and
 * reportHtml. `run --json` prints the same reports as report.json holds them.
 */
import { escapeInvisible } from '../../src/core/model/inputError.js';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario, writeResults, type ScenarioOf } from '../../src/index.js';
import type { BattleReport, ScenarioReport } from '../../src/core/model/report.js';
import { distributionsCsv, summaryCsv } from '../../src/output/csv.js';
import { reportHtml } from '../../src/output/html.js';
import { reportJsonText } from '../../src/output/reportJson.js';
import { Spool } from '../../src/files/spool.js';
import { cli, tempDir } from '../helpers/cli.js';

/** Labels a CSV must quote or guard, that JSON escapes, and a line separator a regex would take for a line end. */
const LABELS = ['plain', '=SUM(A1) "quoted", comma', 'line\u2028separator \u2029 para', 'עברית 🎲 é́'];

const landgrab = {
  name: 'streamed',
  description: 'two\nlines, "quotes" & <tags>',
  system: 'landgrab',
  seed: 'streamed',
  trials: 3000,
  battles: [
    ...LABELS.map((label, i) => ({ label, attackers: 5 + i, defenders: 3, fortress: i % 2 === 1 })),
    { label: 'sampled chain', type: 'chain', attackers: 12, path: [{ defenders: 3 }, { defenders: 2 }] },
  ],
  sweep: {
    base: { attackers: 3, defenders: 2 },
    axes: { attackers: [3, 4] },
    variants: [{ label: 'base' }, { label: 'fort', set: { fortress: true } }],
  },
} satisfies ScenarioOf<'landgrab'>;
const multi = {
  name: 'streamed-multi',
  system: 'kings-and-things',
  trials: 2000,
  battles: [
    {
      type: 'multi',
      players: [
        { creatures: ['Ogre:2', 'Giant:4'] },
        { name: 'North', creatures: ['3x Orc:2'] },
        { creatures: ['Elves:2R'] },
      ],
    },
    { attacker: { creatures: ['Giant:4'] }, defender: { creatures: ['Ogre:2'], fort: 'tower' } },
  ],
} satisfies ScenarioOf<'kings-and-things'>;
const nations = {
  name: 'streamed-nations',
  system: 'advanced-civilization',
  trials: 2000,
  battles: [
    {
      label: 'known',
      limit: 4,
      nations: [
        { name: 'Egypt', tokens: 5 },
        { name: 'Babylon', tokens: 3 },
      ],
    },
    {
      label: 'unknown',
      limit: 3,
      nations: [
        { name: 'Egypt', tokens: 4 },
        { name: 'Crete', tokens: { min: 1, max: 6 } },
      ],
    },
  ],
} satisfies ScenarioOf<'advanced-civilization'>;
const sweepOnly = { ...landgrab, name: 'sweep-only', battles: undefined };

/** What the whole-report renderers write for a report (charts off: no chart files). */
function wholeReportFiles(report: ScenarioReport): Record<string, string> {
  const charts = { battles: report.battles.map(() => []), sweep: [] };
  return {
    ...(report.battles.length > 0
      ? { 'summary.csv': summaryCsv(report), 'distributions.csv': distributionsCsv(report) }
      : {}),
    'report.json': reportJsonText(report),
    'index.html': reportHtml(report, charts),
  };
}

describe('the results folder written a battle at a time', () => {
  it('holds the bytes the whole-report renderers write, for every system, with and without battles', async () => {
    const dir = tempDir('battle-odds-streamed-');
    for (const scenario of [landgrab, multi, nations, sweepOnly]) {
      const report = await runScenario(scenario, { method: 'sample' });
      const out = path.join(dir, scenario.name);
      const written = await writeResults(out, report, { charts: false });
      const expected = wholeReportFiles(report);
      for (const [name, text] of Object.entries(expected)) {
        expect(readFileSync(path.join(out, name), 'utf8'), `${scenario.name}/${name}`).toBe(text);
      }
      // Nothing of the spools is left, and every file written is named.
      const files = readdirSync(out).filter((f) => !f.startsWith('.battle-odds'));
      expect(files.sort(), scenario.name).toEqual([...written.files].sort());
      expect(
        files.some((f) => f.startsWith('.spool')),
        scenario.name,
      ).toBe(false);
    }
  }, 60_000);

  it('numbers JSON cannot hold (NaN, infinities) reach summary.csv as the whole-report writer puts them', async () => {
    const report = await runScenario({ ...landgrab, sweep: undefined }, { method: 'sample' });
    const battle = report.battles[0];
    const odd: BattleReport = {
      ...battle,
      metrics: battle.metrics.map((m, i) =>
        i === 1 ? { ...m, ci95: [Number.NaN, Number.POSITIVE_INFINITY], exact: Number.NEGATIVE_INFINITY } : m,
      ),
    };
    const doctored = { ...report, battles: [odd, ...report.battles.slice(1)] };
    const out = path.join(tempDir('battle-odds-streamed-'), 'odd');
    await writeResults(out, doctored, { charts: false });
    expect(readFileSync(path.join(out, 'summary.csv'), 'utf8')).toBe(summaryCsv(doctored));
  });

  it('run --json prints the reports as report.json holds them, read back from each file', async () => {
    const dir = tempDir('battle-odds-streamed-json-');
    const files = [landgrab, nations].map((s) => {
      const file = path.join(dir, `${s.name}.json`);
      writeFileSync(file, JSON.stringify(s));
      return file;
    });
    const r = await cli(['run', ...files, '--out', path.join(dir, 'out'), '--json', '--threads', '0', '--no-charts']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as ScenarioReport[];
    expect(printed.map((p) => p.scenario)).toEqual(['streamed', 'streamed-nations']);
    // A list of the report.json files as written, each indented one level (a sweep's cells one per line).
    const onDisk = printed.map((p) => readFileSync(path.join(dir, 'out', p.scenario, 'report.json'), 'utf8'));
    const indented = onDisk.map((text) => text.trimEnd().split('\n').join('\n  '));
    // Printed with bidirectional controls and separators as JSON escapes (the same data: issue 31 row 20).
    expect(r.stdout).toBe(escapeInvisible(`[\n  ${indented.join(',\n  ')}\n]\n`));
    printed.forEach((p, i) => expect(p).toEqual(JSON.parse(onDisk[i])));
  });

  it('the terminal shows each battle as it finishes, in the order and words it always had', async () => {
    const dir = tempDir('battle-odds-streamed-text-');
    const file = path.join(dir, 's.json');
    writeFileSync(file, JSON.stringify(landgrab));
    const r = await cli(['run', file, '--out', path.join(dir, 'out'), '--threads', '0', '--no-charts', '--brief']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('== streamed (landgrab): two\nlines, "quotes" & <tags>'.split('\n')[0]);
    const order = landgrab.battles.map((b) => r.stdout.indexOf(`  ${escapeInvisible(b.label)}  (`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    expect(r.stdout.indexOf('sweep')).toBeGreaterThan(order[order.length - 1]);
    expect(r.stdout).toMatch(/ -> .*\/streamed\/ \(\d+ files\)\n\nOpen .*index\.html: every scenario .*\n$/);
  });
});

describe('a spool', () => {
  it('gives back every line whole, across pieces and multi-byte characters', async () => {
    const spool = new Spool(path.join(tempDir('battle-odds-spool-'), 'lines'));
    const lines = Array.from({ length: 40 }, (_, i) => `${i} ${'é🎲漢'.repeat(i * 997)}`);
    for (const line of lines) spool.append(`${line}\n`);
    const back: string[] = [];
    await spool.forEachLine((line) => back.push(line));
    expect(back).toEqual(lines);
    spool.remove();
  });
});
