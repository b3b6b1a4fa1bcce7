/** The preflight of --out: refuses folders a run could not (or should not) replace, before any simulation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, statfsSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../src/core/model/inputError.js';
import { checkOutFlag, checkOutputFolder, formatBytes, leastResultsBytes } from '../../src/files/outputFolderCheck.js';
import { ResultsFolder } from '../../src/files/resultsFolder.js';
import { MARKER_FILE } from '../../src/files/resultsLayout.js';
import { tempDir } from '../helpers/cli.js';
import { tinyDiskSuite } from '../helpers/processes.js';

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('checkOutputFolder', () => {
  it("refuses --out ''", () => {
    expect(refusal(() => checkOutFlag(''))).toBe('--out: must not be empty; give a folder, e.g. --out results');
    expect(refusal(() => checkOutputFolder(''))).toContain('must not be empty');
  });

  it('accepts a folder that does not exist yet, however deep, and creates nothing', () => {
    const parent = tempDir();
    checkOutputFolder(path.join(parent, 'a', 'b', 'c'));
    expect(readdirSync(parent)).toEqual([]);
  });

  it('accepts an empty folder, a marked one, and one written before the marker existed', () => {
    const parent = tempDir();
    const empty = path.join(parent, 'empty');
    mkdirSync(empty);
    checkOutputFolder(empty);
    const marked = path.join(parent, 'marked');
    mkdirSync(marked);
    writeFileSync(path.join(marked, MARKER_FILE), '');
    writeFileSync(path.join(marked, 'summary.csv'), '');
    checkOutputFolder(marked);
    const earlier = path.join(parent, 'earlier');
    mkdirSync(earlier);
    writeFileSync(
      path.join(earlier, 'report.json'),
      '{\n  "scenario": "x",\n  "system": "landgrab",\n  "version": "0.1.0"}',
    );
    checkOutputFolder(earlier);
  });

  it('refuses a folder of other files unless --force', () => {
    const mine = path.join(tempDir(), 'my-notes');
    mkdirSync(mine);
    writeFileSync(path.join(mine, 'notes.txt'), 'precious');
    expect(refusal(() => checkOutputFolder(mine))).toBe(
      `--out ${mine}: holds files battle-odds did not write (e.g. 'notes.txt'), and each run replaces the folder ` +
        'whole; choose another folder, or add --force to replace it',
    );
    checkOutputFolder(mine, { force: true });
  });

  it('refuses a file, a path through a file, a dangling link and a link loop', () => {
    const parent = tempDir();
    const file = path.join(parent, 'file');
    writeFileSync(file, '');
    expect(refusal(() => checkOutputFolder(file))).toContain('is a file, not a folder');
    expect(refusal(() => checkOutputFolder(path.join(file, 'x', 'y')))).toContain(
      'part of the path is a file, not a folder',
    );
    symlinkSync(path.join(parent, 'nowhere'), path.join(parent, 'dangling'));
    expect(refusal(() => checkOutputFolder(path.join(parent, 'dangling')))).toContain('symbolic link to a missing');
    symlinkSync(path.join(parent, 'loop2'), path.join(parent, 'loop1'));
    symlinkSync(path.join(parent, 'loop1'), path.join(parent, 'loop2'));
    expect(refusal(() => checkOutputFolder(path.join(parent, 'loop1')))).toContain('symbolic link loop (ELOOP)');
  });

  it('refuses names longer than the file system allows, quoting a short part of them', () => {
    const message = refusal(() => checkOutputFolder(path.join(tempDir(), 'x'.repeat(300))));
    expect(message).toContain('is 300 bytes long; file systems allow 255');
    expect(message.length).toBeLessThan(300);
    expect(refusal(() => checkOutputFolder(`/tmp/${'d/'.repeat(2100)}`))).toContain('file systems allow 4095');
  });

  it('never replaces the root, the home folder or a folder holding the current one, even with --force', () => {
    for (const dir of ['/', process.cwd(), path.dirname(process.cwd())])
      expect(refusal(() => checkOutputFolder(dir, { force: true }))).toContain('each run replaces the folder whole');
  });

  it('refuses a folder another run is writing', () => {
    const target = path.join(tempDir(), 'busy');
    const folder = ResultsFolder.open(target, { durable: false });
    try {
      expect(refusal(() => checkOutputFolder(target))).toContain(`another battle-odds run (pid ${process.pid})`);
    } finally {
      folder.abort();
    }
    checkOutputFolder(target);
  });

  it('names the flag given', () => {
    expect(refusal(() => checkOutputFolder('', { flag: '--write' }))).toMatch(/^--write: /);
  });
});

describe('the free-space and file-system checks', () => {
  it.runIf(existsSync('/proc/self'))('a folder in /proc cannot be created: the reason, not "the disk is full"', () => {
    const message = refusal(() => checkOutputFolder('/proc/x'));
    // As root: the virtual file system; as anyone else: the permission.
    const why = /(it is a virtual file system \(proc\), which holds no files|permission denied)/.source;
    expect(message).toMatch(new RegExp(`^--out /proc/x: cannot be created in /proc: ${why}`));
    expect(message).not.toContain('full');
  });

  it('estimates the least a run writes: more with charts, more per battle and sweep cell', () => {
    const one = { battles: 1, sweepCells: 0, charts: false };
    expect(leastResultsBytes(one)).toBe(16 * 1024);
    expect(leastResultsBytes({ ...one, charts: true })).toBe(72 * 1024);
    expect(leastResultsBytes({ battles: 0, sweepCells: 1000, charts: true })).toBeGreaterThan(1.5 * 1024 * 1024);
    expect([512, 300 * 1024, 1.8 * 1024 * 1024].map(formatBytes)).toEqual(['512 bytes', '300 KiB', '1.8 MiB']);
  });

  describe('on a tiny disk', () => {
    const disk = tinyDiskSuite(1, 'tiny-disk test');
    const { dir } = disk;
    beforeAll(() => disk.check());
    afterAll(() => disk.unmount());

    it.skipIf(disk.skip)('with 300 KiB free, a one-battle run is accepted and a bigger one told the numbers', () => {
      const free = () => statfsSync(dir).bfree * statfsSync(dir).bsize;
      writeFileSync(path.join(dir, 'filler'), Buffer.alloc(free() - 300 * 1024));
      expect(free()).toBe(300 * 1024);
      const target = path.join(dir, 'results');
      checkOutputFolder(target, { contents: { battles: 1, sweepCells: 0, charts: false } });
      checkOutputFolder(target, { contents: { battles: 1, sweepCells: 0, charts: true } });
      expect(refusal(() => checkOutputFolder(target, { contents: { battles: 8, sweepCells: 0, charts: true } }))).toBe(
        `--out ${target}: cannot be created: only 300 KiB free on the disk holding ${dir}; this run's results ` +
          '(8 battles, with charts) take at least 520 KiB; --no-charts needs 72 KiB',
      );
      expect(
        refusal(() => checkOutputFolder(target, { contents: { battles: 0, sweepCells: 400, charts: false } })),
      ).toBe(
        `--out ${target}: cannot be created: only 300 KiB free on the disk holding ${dir}; this run's results ` +
          '(400 sweep cells) take at least 608 KiB',
      );
    });
  });
});
