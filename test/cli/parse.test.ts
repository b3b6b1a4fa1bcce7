import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { checkThreads, parseInteger, parseSeed, parseTrials } from '../../src/cli/parse.js';

function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('parseTrials', () => {
  it('accepts 1000000, 1e6 and 1_000_000', () => {
    expect(parseTrials('1000000')).toBe(1e6);
    expect(parseTrials('1e6')).toBe(1e6);
    expect(parseTrials('1_000_000')).toBe(1e6);
    expect(parseTrials('1e9')).toBe(1e9);
  });

  it('says "at most 1e9" for any value beyond the cap, however it is written', () => {
    for (const value of ['9007199254740993', '1e308', '1e999', '1.5e10', '99999999999999999999999', '1000000001'])
      expect(refusal(() => parseTrials(value))).toContain('at most 1e9');
  });

  it('says "whole number" for fractions and non-numbers, "at least 1" for zero and below', () => {
    for (const value of ['1.5', '0x10', '', 'ten', '1e', 'NaN', 'Infinity'])
      expect(refusal(() => parseTrials(value))).toContain('whole number');
    for (const value of ['0', '-5', '0e5']) expect(refusal(() => parseTrials(value))).toContain('at least 1');
  });
});

describe('parseSeed', () => {
  it('keeps integers beyond 2^53 as the text typed (a number would round them)', () => {
    expect(parseSeed('9007199254740993')).toBe('9007199254740993');
    expect(parseSeed('-9007199254740993')).toBe('-9007199254740993');
    expect(parseSeed('123456789012345678901234567890')).toBe('123456789012345678901234567890');
  });

  it('makes plain integers numbers (42 and "42" seed alike) and keeps any other text', () => {
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('-7')).toBe(-7);
    expect(parseSeed('9007199254740991')).toBe(9007199254740991);
    expect(parseSeed('007')).toBe('007');
    expect(parseSeed('-0')).toBe('-0');
    expect(parseSeed('1e3')).toBe('1e3');
    expect(parseSeed('fortress-assault')).toBe('fortress-assault');
  });

  it('refuses an empty seed', () => {
    expect(refusal(() => parseSeed(''))).toContain('must not be empty');
  });
});

describe('parseInteger', () => {
  it('reads whole numbers written as trials are: 12, 1e3, 1_000, 1.5e1', () => {
    expect(parseInteger('12')).toBe(12);
    expect(parseInteger('1e3')).toBe(1000);
    expect(parseInteger('1_000')).toBe(1000);
    expect(parseInteger('1.5e1')).toBe(15);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('9007199254740991')).toBe(9007199254740991);
  });

  it('gives a value too large for any limit as 2^53, so the flag refuses it by its own limit', () => {
    for (const value of ['9007199254740993', '1e308', '1e999']) expect(parseInteger(value)).toBe(2 ** 53);
    expect(parseInteger('-1e308')).toBe(-(2 ** 53));
  });

  it('says "whole number" for fractions and non-numbers', () => {
    for (const value of ['2.5', '0x10', '', 'ten', '1e', 'NaN', 'Infinity'])
      expect(refusal(() => parseInteger(value))).toBe('must be a whole number.');
  });
});

describe('checkThreads', () => {
  it('allows 0 (in this process) up to the core count, and names the core count above it', () => {
    expect(checkThreads(0, 2)).toBe(0);
    expect(checkThreads(2, 2)).toBe(2);
    expect(refusal(() => checkThreads(64, 2))).toBe(
      'must be between 0 (run in this process) and 2 (the cores of this machine).',
    );
    expect(refusal(() => checkThreads(-1, 8))).toContain('between 0');
  });
});
