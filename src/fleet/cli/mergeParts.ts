/** The body of `battle-odds merge <parts...> --out DIR`: check the parts, replay, write results/<scenario>/. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../engine/inputError.js';
import { openResults } from '../../node/writeResults.js';
import { packageVersion } from '../../node/packageInfo.js';
import type { CliIO } from '../../cli/io.js';
import { readTallyPart, TALLY_SUFFIX } from '../shard/tallyFile.js';
import { checkParts, type LoadedPart } from '../shard/checkParts.js';
import { mergeRun } from '../shard/mergeRun.js';

export interface MergeFlags {
  out: string;
  charts: boolean;
}

/** Part files named on the command line, folders expanded to the tally files they hold. */
export function partFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(p).isDirectory();
    } catch {
      throw new InputError(p, '', 'no such file or folder');
    }
    if (!isDirectory) {
      files.push(p);
      continue;
    }
    const inside = readdirSync(p)
      .filter((f) => f.endsWith(TALLY_SUFFIX))
      .sort();
    if (inside.length === 0) throw new InputError(p, '', `folder holds no *${TALLY_SUFFIX} tally files`);
    files.push(...inside.map((f) => path.join(p, f)));
  }
  return files;
}

export async function mergeParts(paths: string[], flags: MergeFlags, io: CliIO): Promise<void> {
  const version = packageVersion();
  const groups = new Map<string, LoadedPart[]>();
  for (const file of partFiles(paths)) {
    const part = readTallyPart(file);
    const group = groups.get(part.scenario.name) ?? [];
    group.push({ file, part });
    groups.set(part.scenario.name, group);
  }
  // Every group is checked before anything is written.
  const runs = [...groups.values()].map((parts) => ({ parts, checked: checkParts(parts, version) }));
  for (const { parts, checked } of runs) {
    const name = checked.first.part.scenario.name;
    const results = openResults(path.join(flags.out, name), { charts: flags.charts });
    try {
      const report = await mergeRun(checked, version, { onBattle: (b) => results.battle(b) });
      const written = await results.finish(report);
      const shardMs = parts.map((p) => p.part.run.elapsedMs);
      const total = (shardMs.reduce((s, x) => s + x, 0) / 1000).toFixed(1);
      const longest = (Math.max(...shardMs) / 1000).toFixed(1);
      io.stdout.write(
        `${name}: merged ${parts.length} parts, ${checked.records.size} chunks (shards took ${total} s in all, ` +
          `the longest ${longest} s) -> ${written.dir}/ (${written.files.length} files)\n`,
      );
    } catch (error) {
      results.abort();
      throw error;
    }
  }
}
