/** The body of `battle-odds run <scenarios> --shard i/N --out DIR`: one tally part per scenario. */
import path from 'node:path';
import type { Scenario } from '../../engine/scenario/scenario.js';
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
import { parseShardSpec } from '../shard/assign.js';
import { runShard } from '../shard/runShard.js';
import { TALLY_SUFFIX, writeTallyPart } from '../shard/tallyFile.js';

export async function runShards(paths: string[], flags: RunFlags & { shard: string }, io: CliIO): Promise<void> {
  const spec = parseShardSpec(flags.shard);
  if (!spec) throw new InputError('--shard', '', `'${flags.shard}' is not i/N with 0 <= i < N, e.g. 0/8`);
  if (flags.json) throw new InputError('--json', '', 'does not apply with --shard: a shard writes a tally file');
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
  const total = loaded.reduce((s, l) => s + sampledTrials(l.scenario, overrides), 0) / spec.count;
  const executor = await chooseExecutor(flags.threads, total);
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
    await executor.close();
  }
}
