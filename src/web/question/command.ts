/**
 * The command line that asks the CLI the page's question, with the same seed: it prints the
 * same numbers. The one place the page names flags (the system's come from its form).
 */
import type { BattleReport } from '../../core/model/report.js';
import { TURN_TRIALS, type AskedQuestion } from './toQuestion.js';
import { TURN_KIND } from './fields.js';
import { DEFAULT_SEED, DEFAULT_TRIALS } from '../../core/model/run.js';
import { QUESTION_OPTIONS } from '../../core/form/questionOptions.js';

function quoted(word: string): string {
  return /^[\w.,:%@/+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `battle-odds odds landgrab --attackers 11 --defenders 10 --exact-only`; a turn is `battle-odds plan landgrab
 * --board board.json --objective continent:East ...` (the board file is the page's, offered beside it).
 */
export function cliCommand(asked: AskedQuestion, report?: BattleReport): string {
  const turn = asked.kind === TURN_KIND;
  const words = ['battle-odds', turn ? 'plan' : 'odds', asked.module.system.id];
  for (const arg of asked.args) {
    const space = arg.indexOf(' ');
    if (space < 0) words.push(arg);
    else words.push(arg.slice(0, space), quoted(arg.slice(space + 1)));
  }
  if (asked.module.system.sampler) {
    const exact = asked.method === 'exact' || (asked.method === 'auto' && report?.method === 'exact');
    if (exact) words.push('--exact-only');
    else {
      if (asked.method === 'sample') words.push('--sample');
      if (asked.seed !== DEFAULT_SEED) words.push('--seed', quoted(String(asked.seed)));
      if (asked.trials !== (turn ? TURN_TRIALS : DEFAULT_TRIALS)) words.push('--trials', String(asked.trials));
    }
  }
  const { target, advise, objective, territoryWorth, solveFor } = asked.question;
  if (solveFor !== undefined) words.push(QUESTION_OPTIONS.solveFor.cli.flag, quoted(solveFor));
  if (target !== undefined) words.push(QUESTION_OPTIONS.target.cli.flag, String(target));
  if (advise) words.push(QUESTION_OPTIONS.advise.cli.flag);
  if (objective !== undefined) words.push(QUESTION_OPTIONS.objective.cli.flag, objective);
  if (territoryWorth !== undefined) words.push(QUESTION_OPTIONS.territoryWorth.cli.flag, String(territoryWorth));
  return words.join(' ');
}
