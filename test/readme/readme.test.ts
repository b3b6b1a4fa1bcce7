/**
 * The README and docs cannot drift: every command block marked `<!-- checked: command -->` is
 * run on the built binary and its output compared with the block shown after it, and every
 * `<!-- checked: excerpt of PATH -->` block is checked to be a true excerpt of that file
 * (test/helpers/markdown.ts; the library example is run by test/library/package.test.ts).
 * Unmarked blocks are not checked.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, ROOT } from '../helpers/cli.js';
import { checkedBlocks, checkedBlocksOf, showsText, type CheckedBlock } from '../helpers/markdown.js';

const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const blocks: CheckedBlock[] = DOCS.flatMap((file) => checkedBlocksOf(path.join(ROOT, file), file));
const PROGRAM = /^(?:npx )?battle-odds /;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command line a block shows, run by the built binary: `npx battle-odds` is `node dist/cli/main.js`. */
function runShown(command: string): Promise<Ran> {
  if (!PROGRAM.test(command)) throw new Error(`not a battle-odds command: ${command}`);
  const line = command.replace(PROGRAM, `"${process.execPath}" "${BIN}" `);
  // Through the shell, so the quoting is read exactly as a reader's shell reads it.
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', line],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

const commands = blocks.filter((b) => b.kind === 'command');
// Two at a time (the machine's cores), all started before the first test waits on its own.
const runs = new Map<CheckedBlock, Promise<Ran>>();
let queue: Promise<unknown> = Promise.resolve();
let other: Promise<unknown> = Promise.resolve();
for (const b of commands) {
  const run = queue.then(() => runShown(b.block.text.trim()));
  runs.set(b, run);
  [queue, other] = [other, run.catch(() => undefined)];
}

describe('the marks', () => {
  it('the README marks its commands with output, its library example and its excerpts', () => {
    const readme = blocks.filter((b) => b.where.startsWith('README.md:'));
    expect(readme.filter((b) => b.kind === 'command').length).toBeGreaterThanOrEqual(4);
    expect(readme.filter((b) => b.kind === 'library')).toHaveLength(1);
    expect(readme.filter((b) => b.kind === 'excerpt').length).toBeGreaterThanOrEqual(1);
  });

  it('a mark without its blocks, or of an unknown kind, is an error, not a block left unchecked', () => {
    expect(() => checkedBlocks('<!-- checked: command -->\n\ntext\n', 'x.md')).toThrow(/x.md:1: .* fenced block/);
    expect(() => checkedBlocks('<!-- checked: command -->\n```sh\nbattle-odds x\n```\ntext\n', 'x.md')).toThrow(
      /output/,
    );
    expect(() => checkedBlocks('<!-- checked: commands -->\n```sh\nx\n```\n', 'x.md')).toThrow(/unknown mark/);
    const [block] = checkedBlocks('<!-- checked: command -->\n```sh\nbattle-odds x\n```\n\n```\nout\n```\n', 'x.md');
    expect(block).toMatchObject({ kind: 'command', block: { text: 'battle-odds x' }, output: { text: 'out' } });
  });

  it('"..." alone on a line leaves out any lines, within a line any text; everything else is compared', () => {
    expect(showsText('a\n...\nd', 'a\nb\nc\nd')).toBe(true);
    expect(showsText('a\n...\nd', 'a\nd')).toBe(true);
    expect(showsText('a\n...', 'a\nb')).toBe(true);
    expect(showsText('x 0.2667...', 'x 0.2667770128')).toBe(true);
    expect(showsText('x 0.26678...', 'x 0.2667770128')).toBe(false);
    expect(showsText('a\nb', 'a\nb\nc')).toBe(false);
    expect(showsText('a\nc', 'a\nb')).toBe(false);
    expect(showsText('  a', 'a')).toBe(false);
    expect(showsText('  a', 'a', { trimStart: true })).toBe(true);
  });
});

describe.each(commands.map((b) => [b.where, b] as const))('the command at %s', (_, b) => {
  it('prints what the block after it shows', async () => {
    const command = b.block.text.trim();
    const r = await runs.get(b)!;
    expect(r.code, `${command}\n${r.stderr}`).toBe(0);
    expect(
      showsText(b.output!.text, r.stdout),
      `${b.where}: ${command}\n--- shown\n${b.output!.text}\n--- printed\n${r.stdout}`,
    ).toBe(true);
  });
});

describe.each(blocks.filter((b) => b.kind === 'excerpt').map((b) => [b.where, b] as const))(
  'the excerpt at %s',
  (_, b) => {
    it('is a true excerpt of its file, with what it leaves out marked "..."', () => {
      const file = path.join(ROOT, b.source!);
      expect(existsSync(file), `${b.where}: ${b.source} does not exist`).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(showsText(b.block.text, text, { trimStart: true }), `${b.where}: not an excerpt of ${b.source}`).toBe(
        true,
      );
    });
  },
);
