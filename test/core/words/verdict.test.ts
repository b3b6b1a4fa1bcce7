/** The recommendation word every system's verdict starts with. */
import { describe, expect, it } from 'vitest';
import { recommendation } from '../../../src/core/words/verdict.js';
import { DEFAULT_TARGET } from '../../../src/core/model/question.js';

describe('recommendation', () => {
  it('reads 60% and over as Attack, 40% and over as A gamble, else Hold back', () => {
    expect([1, 0.6, 0.5999, 0.4, 0.3999, 0].map(recommendation)).toEqual([
      'Attack',
      'Attack',
      'A gamble',
      'A gamble',
      'Hold back',
      'Hold back',
    ]);
  });

  it('has a default target that is itself an Attack', () => {
    expect(recommendation(DEFAULT_TARGET)).toBe('Attack');
  });
});
