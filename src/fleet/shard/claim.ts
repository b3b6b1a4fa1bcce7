/** Where a shard writes its tally files, claimed before any simulation. */
import { lstatSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { checkFilesFolder } from '../../files/outputFolderCheck.js';
import { FolderLock } from '../../files/folderLock.js';
import { whyUnwritable } from '../../files/fsErrors.js';
import { InputError } from '../../core/model/inputError.js';
import type { ShardSpec } from './assign.js';
import { readTallyPart, TALLY_SUFFIX } from './tallyFile.js';

/**
 * The preflight of a shard: `--out` must be a folder that can take files, and each tally
 * file this shard writes is claimed with a lock (two shards given one `--out` at once: the
 * second is refused) and must not hold another shard's part (given one `--out` one after
 * the other: refused too, rather than one part replacing another). The same shard run
 * again replaces its own part.
 */
export async function claimTallyFiles(out: string, names: string[], spec: ShardSpec): Promise<FolderLock[]> {
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
      const stats = lstatOrUndefined(file);
      if (!stats) continue;
      // Only a part of the shard's own is replaced: a link (to anywhere) or anything but a file is not.
      if (!stats.isFile())
        throw new InputError(
          file,
          '',
          `${stats.isSymbolicLink() ? 'is a symbolic link' : 'is not a regular file'}: a shard writes its part ` +
            'as a file of its own and never through a link; move it away',
        );
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

function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}
