/** The results folder transaction, in this process: commit, abort, lock, leftovers of dead runs. */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '../../src/core/model/inputError.js';
import { ResultsFolder } from '../../src/files/resultsFolder.js';
import { MARKER_FILE, resultsLayout } from '../../src/files/resultsLayout.js';
import { tempDir } from '../helpers/cli.js';

const opened: ResultsFolder[] = [];
afterEach(() => {
  for (const folder of opened.splice(0)) folder.abort();
});

function openFolder(target: string, options: { force?: boolean } = {}): ResultsFolder {
  const folder = ResultsFolder.open(target, { ...options, durable: false });
  opened.push(folder);
  return folder;
}

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid as number;
}

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

/** The folder's files (without the marker) with their contents. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort())
    if (name !== MARKER_FILE && statSync(path.join(dir, name)).isFile())
      out[name] = readFileSync(path.join(dir, name), 'utf8');
  return out;
}

describe('ResultsFolder', () => {
  it('writes into staging and swaps in whole on commit, marked as ours, leaving nothing beside it', () => {
    const parent = tempDir();
    const target = path.join(parent, 'results', 'scenario');
    const folder = openFolder(target);
    folder.writeFile('report.json', '{}\n');
    folder.appendFile('summary.csv', 'battle,p\n');
    folder.appendFile('summary.csv', 'a,0.5\n');
    folder.writeFile('charts/a.svg', '<svg/>');
    expect(existsSync(target)).toBe(false);
    folder.commit();
    expect(contents(target)).toEqual({
      'report.json': '{}\n',
      'summary.csv': 'battle,p\na,0.5\n',
    });
    expect(readFileSync(path.join(target, 'charts/a.svg'), 'utf8')).toBe('<svg/>');
    expect(existsSync(path.join(target, MARKER_FILE))).toBe(true);
    expect(readdirSync(path.dirname(target))).toEqual(['scenario']);
  });

  it('replaces the old folder whole on commit, and leaves it untouched on abort', () => {
    const target = path.join(tempDir(), 'scenario');
    const first = openFolder(target);
    first.writeFile('old.csv', 'old');
    first.commit();
    const aborted = openFolder(target);
    aborted.writeFile('new.csv', 'new');
    aborted.abort();
    expect(contents(target)).toEqual({ 'old.csv': 'old' });
    const second = openFolder(target);
    second.writeFile('new.csv', 'new');
    second.commit();
    expect(contents(target)).toEqual({ 'new.csv': 'new' });
    expect(readdirSync(path.dirname(target))).toEqual(['scenario']);
  });

  it('refuses a second writer to the same folder with one line naming the holder', () => {
    const target = path.join(tempDir(), 'scenario');
    const folder = openFolder(target);
    const message = refusal(() => openFolder(target));
    expect(message).toContain(`another battle-odds run (pid ${process.pid}) is writing this folder`);
    expect(message).not.toContain('\n');
    folder.commit();
    openFolder(target).commit();
  });

  it('takes over the lock of a dead run, and removes its staging folder', () => {
    const target = path.join(tempDir(), 'scenario');
    const layout = resultsLayout(target);
    const pid = deadPid();
    writeFileSync(layout.lock, JSON.stringify({ pid, host: os.hostname(), token: 'dead' }));
    const staging = path.join(layout.parent, `${layout.stagingPrefix}${pid}-abcd`);
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'half.csv'), 'half');
    const folder = openFolder(target);
    expect(existsSync(staging)).toBe(false);
    folder.commit();
    expect(readdirSync(layout.parent)).toEqual(['scenario']);
  });

  it('puts back the old folder of a run that died between the two renames of the swap', () => {
    const target = path.join(tempDir(), 'scenario');
    const first = openFolder(target);
    first.writeFile('old.csv', 'old');
    first.commit();
    const layout = resultsLayout(target);
    renameSync(target, path.join(layout.parent, `${layout.oldPrefix}${deadPid()}-beef`));
    const folder = openFolder(target);
    expect(contents(target)).toEqual({ 'old.csv': 'old' });
    folder.abort();
    expect(contents(target)).toEqual({ 'old.csv': 'old' });
  });

  it('refuses file names that would leave the folder', () => {
    const folder = openFolder(path.join(tempDir(), 'scenario'));
    for (const name of ['../x', '/etc/passwd', '', 'a/../../x', 'a\0b'])
      expect(refusal(() => folder.pathOf(name))).toContain('cannot hold a file named');
    expect(refusal(() => folder.writeFile(`${'x'.repeat(300)}.svg`, ''))).toContain(
      '304 bytes; file systems allow 255',
    );
  });

  it('writes into the folder a symbolic link points to, keeping the link', () => {
    const parent = tempDir();
    const real = path.join(parent, 'real');
    const first = openFolder(real);
    first.writeFile('old.csv', 'old');
    first.commit();
    symlinkSync(real, path.join(parent, 'link'));
    const folder = openFolder(path.join(parent, 'link'));
    folder.writeFile('new.csv', 'new');
    folder.commit();
    expect(contents(path.join(parent, 'link'))).toEqual({ 'new.csv': 'new' });
    expect(contents(real)).toEqual({ 'new.csv': 'new' });
  });
});
