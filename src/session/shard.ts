/** The body of `battle-odds run <scenarios> --shard i/N --out DIR`: one tally part per scenario. */
import path from 'node:path';
import type { Scenario } from '../core/engine/validate/scenario.js';
import type { Executor } from '../core/engine/sample/executor.js';
import { parseScenario } from '../core/engine/validate/scenario.js';
import { InputError } from '../core/model/inputError.js';
import { SYSTEMS } from '../core/registry/systems.js';
import { readJsonFile } from '../files/scenarioFile.js';
import { packageVersion } from '../files/packageInfo.js';
import { sampledTrials } from '../core/run/runScenario.js';
import { expandScenarioPaths } from '../files/scenarioFile.js';
import { MAX_SHARDS, parseShardSpec } from '../fleet/shard/assign.js';
import { claimTallyFiles } from '../fleet/shard/claim.js';
import { runShard } from '../fleet/shard/runShard.js';
import { TALLY_SUFFIX, writeTallyPart } from '../fleet/shard/tallyFile.js';
import { overridesFrom, type SessionOptions } from './options.js';
import { chooseExecutor } from './chooseExecutor.js';
import { RunSession } from './session.js';
import type { Streams } from './streams.js';

export interface ShardOptions extends SessionOptions {
  /** i/N: this machine runs shard i of N. */
  shard: string;
  /** The folder that takes the tally files. */
  out: string;
  /** Refused with a shard (each names what to do instead). */
  json?: boolean;
  queue?: string;
  verify?: string;
}

export async function runShards(paths: string[], flags: ShardOptions, io: Streams): Promise<void> {
  const spec = parseShardSpec(flags.shard);
  if (!spec)
    throw new InputError(
      '--shard',
      '',
      `'${flags.shard}' is not i/N with 0 <= i < N <= ${MAX_SHARDS.toLocaleString('en-US')}, e.g. 0/8`,
    );
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
  const session = RunSession.open({ executor, progress: { stream: io.stderr } });
  const { progress } = session;
  const version = packageVersion();
  try {
    for (const { scenario, document } of loaded) {
      const label = `${scenario.name} ${spec.index}/${spec.count}`;
      let planned = false;
      let done = 0;
      const part = await runShard({ scenario, document, overrides, spec, version }, session.executor, {
        signal: session.signal,
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
    for (const claim of claims) claim.release();
    await session.close();
  }
}
