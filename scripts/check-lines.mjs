/**
 * No line of our code longer than Prettier's print width (120): Prettier breaks code, but
 * not a long string, comment or template, so this check catches what it leaves. Generated
 * files are exempt. Prints each long line as file:line and exits 1 when there is one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const WIDTH = 120;
const GENERATED = new Set(['src/core/systems/kings-and-things/rules/rosterData.ts']);

const files = execFileSync('git', ['ls-files', '*.ts', '*.mts', '*.mjs', '*.js'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !GENERATED.has(file));
const long = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.length > WIDTH ? [`${file}:${i + 1}: ${line.length} characters`] : [])),
);
if (long.length > 0) {
  console.error(`Lines longer than ${WIDTH} characters (break the string or comment):\n${long.join('\n')}`);
  process.exit(1);
}
