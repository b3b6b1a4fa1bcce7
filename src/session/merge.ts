/** The body of `battle-odds merge <parts...> --out DIR`: check the parts, replay, write results/<scenario>/. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../core/engine/validate/scenario.js';
import type { Executor } from '../core/engine/sample/executor.js';
import { InputError } from '../core/model/inputError.js';
import type { BattleReport } from '../core/model/report.js';
import { openResults, type PreparedResults, type ResultsWriter } from '../files/writeResults.js';
import { removeFolderIfEmpty } from '../files/resultsFolder.js';
import { writeResultsHome } from '../files/resultsHome.js';
import { checkOutFlag } from '../files/outputFolderCheck.js';
import { whyUnreadable } from '../files/userFile.js';
import { packageVersion } from '../files/packageInfo.js';
import { readTallyPart, TALLY_SUFFIX } from '../fleet/shard/tallyFile.js';
import { checkParts, type CheckedRun, type LoadedPart } from '../fleet/shard/checkParts.js';
import { partScenario } from '../fleet/shard/partScenario.js';
import { mergeRun } from '../fleet/shard/mergeRun.js';
import { chunkName } from '../fleet/shard/assign.js';
import {
  DEFAULT_VERIFY,
  describeSpec,
  drawSample,
  newVerifySeed,
  parseVerify,
  parseVerifySeed,
  sampleSize,
  SeededDraws,
  sampledSweep,
  uncheckedNote,
  type VerifySpec,
} from '../fleet/verify.js';
import { chooseExecutor } from './chooseExecutor.js';
import type { Streams } from './streams.js';

export interface MergeFlags {
  out: string;
  charts: boolean;
  verify?: string;
  verifySeed?: string;
}

const what = `battle-odds tally file`;

/** Part files named on the command line, folders expanded to the tally files they hold. */
export function partFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(p).isDirectory();
    } catch (error) {
      throw new InputError(p, '', whyUnreadable(p, error, what).replace(/^no such file$/, 'no such file or folder'));
    }
    if (!isDirectory) {
      files.push(p);
      continue;
    }
    let inside: string[];
    try {
      inside = readdirSync(p)
        .filter((f) => f.endsWith(TALLY_SUFFIX))
        .sort();
    } catch (error) {
      throw new InputError(p, '', whyUnreadable(p, error, what));
    }
    if (inside.length === 0) throw new InputError(p, '', `folder holds no *${TALLY_SUFFIX} tally files`);
    files.push(...inside.map((f) => path.join(p, f)));
  }
  return files;
}

/**
 * The chunks of each part to re-run here: `sampleSize(spec, n)` of its n, drawn from the
 * seed and the part's place (scenario and shard), so the same seed draws the same chunks.
 */
export function verificationSample(run: CheckedRun, spec: VerifySpec, seed: string): Set<string> {
  const sample = new Set<string>();
  for (const { part } of run.parts) {
    const names = part.tallies.map(chunkName);
    const stream = `${run.scenario.name} shard ${part.shard.index}/${part.shard.count}`;
    for (const name of drawSample(names, sampleSize(spec, names.length), new SeededDraws(seed, stream)))
      sample.add(name);
  }
  return sample;
}

export async function mergeParts(paths: string[], flags: MergeFlags, io: Streams): Promise<void> {
  checkOutFlag(flags.out);
  const spec = parseVerify(flags.verify ?? DEFAULT_VERIFY);
  const seed = flags.verifySeed !== undefined ? parseVerifySeed(flags.verifySeed) : newVerifySeed();
  const version = packageVersion();
  // Parts are grouped by their validated scenario's name, which names the results folder.
  const groups = new Map<string, LoadedPart[]>();
  const scenarios = new Map<string, Scenario>();
  for (const file of partFiles(paths)) {
    const part = await readTallyPart(file);
    const scenario = partScenario(file, part, scenarios);
    const group = groups.get(scenario.name) ?? [];
    group.push({ file, part });
    groups.set(scenario.name, group);
  }
  // Every group is checked, and every results folder opened, before anything is merged.
  const runs = [...groups.values()].map((parts) => {
    const scenario = scenarios.get(parts[0].part.scenario.hash) as Scenario;
    return checkParts(parts, version, scenario);
  });
  // Merge writes all or nothing: every scenario is merged and checked, its folder written in staging,
  // before any folder is swapped in; a refusal leaves --out as it was (and no --out it created).
  const outExisted = existsSync(flags.out);
  const folders: ResultsWriter[] = [];
  const committed: string[] = [];
  let local: Executor | undefined;
  try {
    for (const { scenario } of runs)
      folders.push(
        openResults(path.join(flags.out, scenario.name), {
          charts: flags.charts,
          inside: true,
          battles: scenario.battles.length,
          sweepCells: scenario.sweep ? scenario.sweep.cells.length * scenario.sweep.variants.length : 0,
        }),
      );
    const samples = runs.map((run) => verificationSample(run, spec, seed));
    const trials = runs.reduce(
      (sum, run, i) => sum + [...samples[i]].reduce((s, name) => s + (run.records.get(name)?.trials ?? 0), 0),
      0,
    );
    if (trials > 0) local = await chooseExecutor(undefined, trials);
    const merged: Array<{ run: CheckedRun; verified: number; prepared: PreparedResults }> = [];
    for (const [i, run] of runs.entries()) {
      const results = folders[i];
      const check = local ? { sample: samples[i], executor: local } : undefined;
      const onBattle = (battle: BattleReport) => {
        if (spec.kind === 'none' && battle.trials > 0) battle.notes.push(uncheckedNote('part'));
        return results.battle(battle);
      };
      const { report, verified } = await mergeRun(run, version, { onBattle }, check);
      if (spec.kind === 'none' && report.sweep && sampledSweep(report.sweep))
        report.sweep.notes = [...(report.sweep.notes ?? []), uncheckedNote('part')];
      merged.push({ run, verified, prepared: await results.prepare(report) });
    }
    for (const { run, verified, prepared } of merged) {
      const written = prepared.commit();
      committed.push(run.scenario.name);
      const shardMs = run.parts.map((p) => p.part.run.elapsedMs);
      const total = (shardMs.reduce((s, x) => s + x, 0) / 1000).toFixed(1);
      const longest = (Math.max(...shardMs) / 1000).toFixed(1);
      const checkedText =
        spec.kind === 'none'
          ? 'no chunk re-run here (--verify none)'
          : run.records.size === 0
            ? 'no chunk to re-run: the parts hold no sampled chunks'
            : `verified ${verified} chunks by re-running them here, all equal (${describeSpec(spec, 'part')}; ` +
              `sample seed ${seed})`;
      io.stdout.write(
        `${run.scenario.name}: merged ${run.parts.length} parts, ${run.records.size} chunks (shards took ${total} s ` +
          `in all, the longest ${longest} s); ${checkedText} -> ${written.dir}/ (${written.files.length} files)\n`,
      );
    }
  } finally {
    // The results home lists what was merged (and earlier folders), as after a run.
    if (committed.length > 0) {
      const home = await writeResultsHome(flags.out, committed);
      io.stdout.write(home.written ? `Open ${home.file}\n` : `${home.file} not written (${home.why})\n`);
    }
    // Folders not finished (an error, a refused part) are dropped, never half written.
    for (const folder of folders) folder.abort();
    if (!outExisted) removeFolderIfEmpty(flags.out);
    await local?.close();
  }
}
