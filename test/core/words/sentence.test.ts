import { describe, expect, it } from 'vitest';
import { join, quote, say, writeValue } from '../../../src/core/words/sentence.js';

describe('sentences built from named values', () => {
  it('writes each quote in its format and keeps the quotes in order', () => {
    const s = say`For at least ${quote('decisions.needed.target', 0.8, 'target')} you need ${quote(
      'decisions.needed.count',
      17,
      'count',
    )} armies (${quote('decisions.needed.probability', 0.8346, 'chance')}).`;
    expect(s.text).toBe('For at least 80% you need 17 armies (83.5%).');
    expect(s.quotes.map((q) => q.ref)).toEqual([
      'decisions.needed.target',
      'decisions.needed.count',
      'decisions.needed.probability',
    ]);
  });

  it('refuses a number in the literal text: every number must be named', () => {
    expect(() => say`up to ${'5000'} armies`).toThrow(/holds a number/);
    expect(() => say`up to 5000 armies`).toThrow(/holds a number/);
  });

  it('keeps the quotes of nested sentences and joins with literal separators', () => {
    const a = say`a ${quote('x', 1, 'count')}`;
    const b = say`b ${quote('y', 2, 'count')}`;
    const joined = join([a, b], ', ');
    expect(joined.text).toBe('a 1, b 2');
    expect(joined.quotes.map((q) => q.ref)).toEqual(['x', 'y']);
  });

  it('never writes an uncertain chance as a certainty', () => {
    expect(writeValue(1, 'chance')).toBe('over 99.9%');
    expect(writeValue(1, 'percent')).toBe('100.0%');
    expect(writeValue(1, 'percent', true)).toBe('over 99.9%');
    expect(writeValue(0.999999, 'target')).toBe('99.9999%');
    expect(writeValue(0.9999999999, 'target')).toBe('99.99999999%');
    expect(writeValue(1, 'target')).toBe('100%');
  });

  it('writes gaps rounded up, gains with their sign, allocations with hyphens', () => {
    expect(writeValue(0.0000153, 'limit')).toBe('0.000016');
    expect(writeValue(0.0312, 'limit')).toBe('0.032');
    expect(writeValue(0.04, 'limit')).toBe('0.040');
    expect(writeValue(37.1, 'limit')).toBe('38');
    expect(writeValue(190, 'limit')).toBe('190');
    expect(writeValue(1.64, 'signed1')).toBe('+1.6');
    expect(writeValue(-0.25, 'signed2')).toBe('-0.25');
    expect(writeValue([2, 2, 24], 'dashes')).toBe('2-2-24');
    expect(() => writeValue(2.5, 'count')).toThrow(/whole number/);
  });
});
