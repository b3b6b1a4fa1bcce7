/**
 * What a player asks beyond the odds, for every system (model/question.ts `Question`): a
 * target probability, advice on the decisions and, where the system offers a choice, what
 * the advice optimises. Declared once with both front ends' words, like a form's fields.
 */
import { MAX_TERRITORY_WORTH, type Objective, type Question } from '../model/question.js';
import type { CliWords, PageWords } from './form.js';

export interface QuestionOption {
  readonly key: keyof Question;
  readonly cli: CliWords;
  readonly page: PageWords;
}

export const QUESTION_OPTIONS = {
  target: {
    key: 'target',
    cli: {
      flag: '--target',
      arg: '<p>',
      help: 'how many do I need for at least this probability (above 0, at most 1)? e.g. 0.8 or 80%',
    },
    page: {
      label: 'Target probability',
      help: 'How many you need to win at least this often, e.g. 80%.',
    },
  },
  solveFor: {
    key: 'solveFor',
    cli: {
      flag: '--solve-for',
      arg: '<field>',
      help:
        'the value of a numeric field of the battle (e.g. fortressBonus, stopAt, defender.fort, nations.0.tokens) ' +
        'at which the headline reaches --target (default 80%): the smallest where it rises, the largest where it falls',
    },
    page: {
      label: 'Solve for a rule',
      help: 'The value of a rule at which the chance reaches the target.',
    },
  },
  solveRange: {
    key: 'solveRange',
    cli: {
      flag: '--solve-range',
      arg: '<lo:hi>',
      help:
        'with --solve-for: the values to search, e.g. 1:6 (default: every value the field takes in the battle); ' +
        'an answer at an end of it is said to be at the edge of the range',
    },
    page: {
      label: 'Values to search',
      help: 'The lowest and highest value of the rule to try, e.g. 1:6.',
    },
  },
  sensitivity: {
    key: 'sensitivity',
    cli: {
      flag: '--sensitivity',
      help: 'also each numeric rule of the battle one step down and up: the change in the headline, largest first',
    },
    page: {
      label: 'Sensitivity to each rule',
      help: 'How much the chance moves with each rule one step down and up.',
    },
  },
  advise: {
    key: 'advise',
    cli: { flag: '--advise', help: 'also advise on the decisions: when to stop, optimal play' },
    page: {
      label: 'Advise on the decisions',
      help: 'Also say when to stop and how to play, where the game allows it.',
    },
  },
  objective: {
    key: 'objective',
    cli: { flag: '--objective', arg: '<name>', help: "what the advice's stop rule optimises" },
    page: { label: 'What the advice aims for', help: 'What the stop rule makes the most of (with advice).' },
  },
  territoryWorth: {
    key: 'territoryWorth',
    cli: {
      flag: '--territory-worth',
      arg: '<w>',
      help:
        'with --objective value: what one territory taken is worth, in armies, e.g. 10 ' +
        `(at most ${MAX_TERRITORY_WORTH})`,
    },
    page: {
      label: 'Worth of a territory',
      help: 'With "Armies kept plus territories": what one territory taken is worth, in armies, e.g. 10.',
    },
  },
} as const satisfies Record<string, QuestionOption>;

/** Each objective of the advice, in the shell's words and a player's. */
export const OBJECTIVE_WORDS: Record<Objective, { cli: string; page: string }> = {
  armies: {
    cli: 'the most armies kept while still taking it at least --target of the time',
    page: 'Most armies kept, still winning at least the target probability',
  },
  conquest: { cli: 'the best chance of taking it', page: 'Best chance of taking it' },
  value: {
    cli: 'the most armies kept plus --territory-worth for each territory taken',
    page: 'Armies kept plus territories (each worth the armies below)',
  },
};

/** The question option a Question field is asked by (`territoryWorth` -> its words). */
export function questionOption(field: keyof Question): QuestionOption | undefined {
  return (QUESTION_OPTIONS as Record<string, QuestionOption>)[field];
}
