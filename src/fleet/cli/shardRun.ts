/** The body of `battle-odds run <scenarios> --shard i/N --out DIR`: one tally part per scenario. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../engine/scenario/scenario.js';
import type { Executor } from '../../engine/executor.js';
import { checkFilesFolder } from '../../node/outputFolderCheck.js';
import { FolderLock } from '../../node/folderLock.js';
import { whyUnwritable } from '../../node/fsErrors.js';
import { parseScenario } from '../../engine/scenario/scenario.js';
import { InputError } from '../../engine/inputError.js';
import { SYSTEMS } from '../../app/systems.js';
import { readJsonFile } from '../../node/scenarioFile.js';
import { packageVersion } from '../../node/packageInfo.js';
import { overridesFrom } from '../../cli/engineOptions.js';
import { chooseExecutor } from '../../cli/jobs.js';
import { createProgress } from '../../cli/progress.js';
import { interruptSignal } from '../../cli/interrupt.js';
import { sampledTrials } from '../../app/runScenario.js';
import type { CliIO } from '../../cli/io.js';
import type { RunFlags } from '../../cli/commands/run.js';
import { expandScenarioPaths } from '../../node/scenarioFile.js';
import { parseShardSpec, type ShardSpec } from '../shard/assign.js';
import { runShard } from '../shard/runShard.js';
import { readTallyPart, TALLY_SUFFIX, writeTallyPart } from '../shard/tallyFile.js';

export async function runShards(paths: string[], flags: RunFlags & { shard: string }, io: CliIO): Promise<void> {
  const spec = parseShardSpec(flags.shard);
  if (!spec) throw new InputError('--shard', '', `'${flags.shard}' is not i/N with 0 <= i < N, e.g. 0/8`);
  if (flags.json) throw new InputError('--json', '', 'does not apply with --shard: a shard writes a tally file');
  if (flags.queue !== undefined)
    throw new InputError(
      '--queue',
      '',
      'does not apply with --shard: a shard runs its chunks on this machine; a run through the queue needs no shards',
    );
  if (flags.verify !== undefined)
    throw new InputError('--verify', '', 'does not apply with --shard: `merge --verify` checks the parts');
  const loaded = expandScenarioPaths(paths).map((file) => {
    const document = readJsonFile(file);
    return { document, scenario: parseScenario(document, file, SYSTEMS) };
  });
  const names = new Map<string, Scenario>();
  for (const { scenario } of loaded) {
    const other = names.get(scenario.name);
    if (other) throw new InputError(scenario.file, 'name', `'${scenario.name}' is also the name of ${other.file}`);
    names.set(scenario.name, scenario);
  }
  const overrides = overridesFrom(flags);
  if (overrides.precision !== undefined)
    throw new InputError(
      '--shard',
      '',
      'cannot be combined with --precision: where to stop depends on every chunk before it; give --trials instead',
    );
  // Before any simulation: the folder can take the parts, and no other shard writes them.
  const claims = await claimTallyFiles(
    flags.out,
    loaded.map((l) => l.scenario.name),
    spec,
  );
  const total = loaded.reduce((s, l) => s + sampledTrials(l.scenario, overrides), 0) / spec.count;
  let executor: Executor;
  try {
    executor = await chooseExecutor(flags.threads, total);
  } catch (error) {
    for (const claim of claims) claim.release();
    throw error;
  }
  const interrupt = interruptSignal();
  const progress = createProgress(io.stderr);
  const version = packageVersion();
  try {
    for (const { scenario, document } of loaded) {
      const label = `${scenario.name} ${spec.index}/${spec.count}`;
      let planned = false;
      let done = 0;
      const part = await runShard({ scenario, document, overrides, spec, version }, executor, {
        signal: interrupt.signal,
        onPlanned: (_chunks, trials) => {
          planned = true;
          progress.start(label, trials, 'trials');
          progress.update(done);
        },
        onProgress: (trials) => {
          done = trials;
          if (planned) progress.update(done);
        },
      });
      progress.stop();
      if (!part) {
        io.stderr.write(
          `battle-odds: shard ${spec.index}/${spec.count} of ${scenario.name} interrupted; nothing written\n`,
        );
        break;
      }
      const file = path.join(flags.out, `${scenario.name}${TALLY_SUFFIX}`);
      writeTallyPart(file, part);
      const trials = part.tallies.reduce((s, r) => s + r.trials, 0).toLocaleString('en-US');
      const chunks = `${part.tallies.length} of ${part.chunks.total} chunks`;
      io.stdout.write(
        `${scenario.name}: shard ${spec.index}/${spec.count} ran ${chunks} (${trials} trials) ` +
          `in ${(part.run.elapsedMs / 1000).toFixed(2)} s -> ${file}\n`,
      );
    }
  } finally {
    progress.stop();
    interrupt.dispose();
    for (const claim of claims) claim.release();
    await executor.close();
  }
}

/**
 * The preflight of a shard: `--out` must be a folder that can take files, and each tally
 * file this shard writes is claimed with a lock (two shards given one `--out` at once: the
 * second is refused) and must not hold another shard's part (given one `--out` one after
 * the other: refused too, rather than one part replacing another). The same shard run
 * again replaces its own part.
 */
async function claimTallyFiles(out: string, names: string[], spec: ShardSpec): Promise<FolderLock[]> {
  checkFilesFolder(out);
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw new InputError(`--out ${out}`, '', `cannot be created: ${whyUnwritable(error)}`);
  }
  const claims: FolderLock[] = [];
  try {
    for (const name of names) {
      const file = path.join(out, `${name}${TALLY_SUFFIX}`);
      claims.push(FolderLock.acquire(`${file}.lock`, `--out ${out}`, file));
      if (!existsSync(file)) continue;
      let held: ShardSpec;
      try {
        held = (await readTallyPart(file)).shard;
      } catch (error) {
        const why = error instanceof InputError ? error.detail : String(error);
        throw new InputError(file, '', `exists and is not a part this shard may replace (${why}); move it away`);
      }
      if (held.index !== spec.index || held.count !== spec.count)
        throw new InputError(
          `--out ${out}`,
          '',
          `${file} holds shard ${held.index}/${held.count} of '${name}', and this is shard ` +
            `${spec.index}/${spec.count}: give each shard its own --out (e.g. --out part-${spec.index})`,
        );
    }
  } catch (error) {
    for (const claim of claims) claim.release();
    throw error;
  }
  return claims;
}
