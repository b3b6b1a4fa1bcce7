import { describe, expect, it } from 'vitest';
import { InputError, MAX_QUOTED, oneLine, quoteValue } from '../../../src/core/model/inputError.js';

describe('quoteValue', () => {
  it('quotes short text whole, in single quotes, and other values as JSON', () => {
    expect(quoteValue('risk')).toBe("'risk'");
    expect(quoteValue(42)).toBe('42');
    expect(quoteValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(quoteValue(undefined)).toBe('undefined');
  });

  it('quotes at most ~80 characters of a long value, and says how long it was', () => {
    const quoted = quoteValue('x'.repeat(500));
    expect(quoted).toBe(`'${'x'.repeat(MAX_QUOTED - 1)}…' (500 characters)`);
    expect(quoteValue(Array.from({ length: 1000 }, (_, i) => i)).length).toBeLessThan(110);
  });

  it('never cuts a character in half and keeps one line', () => {
    const quoted = quoteValue('🎲'.repeat(200));
    expect(quoted).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(quoteValue('a\nb\u202ec')).toBe("'a\\nb\\u202ec'");
  });
});

describe('InputError', () => {
  it('keeps short messages as they are', () => {
    const e = new InputError('x.json', 'battles[0].attackers', 'must be at least 2');
    expect(e.message).toBe('x.json: battles[0].attackers: must be at least 2');
  });

  it('is one short line whatever the file name, field and quoted value hold', () => {
    const e = new InputError(
      `/tmp/${'d'.repeat(3000)}/x.json`,
      `battles[0].${'k'.repeat(5000)}\nevil`,
      `unknown rule system '${'r'.repeat(100_000)}' (known: landgrab)`,
    );
    expect(e.message).not.toContain('\n');
    expect(e.message.length).toBeLessThan(400);
    expect(e.message).toContain('(100000 characters)');
    expect(e.message).toContain('(known: landgrab)');
    expect(e.source.endsWith('/x.json')).toBe(true);
  });

  it('can be wrapped again without changing (the CLI re-raises with another source)', () => {
    const inner = new InputError('odds landgrab', 'a\nb', `bad '${'v'.repeat(300)}'`);
    const outer = new InputError('odds landgrab', `--entry ${inner.field}`, inner.detail);
    expect(outer.detail).toBe(inner.detail);
  });

  it('never takes the text between two quoted values for a quoted value (an ambiguous roster name)', () => {
    const detail =
      "creature 'Elves' is ambiguous in the bundled roster (several counters share the name): " +
      "write one of 'Elves:2R' (Forest), 'Elves:3R' (Forest)";
    expect(new InputError('odds kings-and-things', '--attackers', detail).detail).toBe(detail);
    // A long value between quotes is still cut, even right after an opening parenthesis.
    const long = `unknown ('${'z'.repeat(200)}')`;
    expect(new InputError('f', '', long).detail).toContain('(200 characters)');
  });

  it('caps a detail that is long without quotes', () => {
    expect(new InputError('f', '', 'w '.repeat(1000)).detail.length).toBeLessThanOrEqual(300);
  });
});

describe('oneLine', () => {
  it('escapes control characters and is idempotent', () => {
    const once = oneLine('a\r\n\t\u0000\u007f\u2028b\\n');
    expect(once).toBe('a\\r\\n\\t\\u0000\\u007f\\u2028b\\n');
    expect(oneLine(once)).toBe(once);
  });
});
