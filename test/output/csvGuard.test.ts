import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { guardCsvCell, guardCsvText } from '../../src/output/csvGuard.js';

describe('guardCsvText', () => {
  it('prefixes a single quote to text a spreadsheet would run as a formula', () => {
    expect(guardCsvText('=1+2')).toBe("'=1+2");
    expect(guardCsvText('+SUM(A1:A9)')).toBe("'+SUM(A1:A9)");
    expect(guardCsvText('-2+3')).toBe("'-2+3");
    expect(guardCsvText('@SUM(1)')).toBe("'@SUM(1)");
    expect(guardCsvText('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(guardCsvText('\t=1')).toBe("'\t=1");
    expect(guardCsvText('\r=1')).toBe("'\r=1");
    expect(guardCsvText('-')).toBe("'-");
  });

  it('leaves other text and text that is a plain number alone', () => {
    for (const text of ['open ground', '', ' =1', 'a=b', '-42', '+7', '-1.5e3', '0.25', '-.5'])
      expect(guardCsvText(text)).toBe(text);
  });

  it('guards text cells only: numbers, booleans and empty cells are not text', () => {
    expect(guardCsvCell(-5)).toBe(-5);
    expect(guardCsvCell(true)).toBe(true);
    expect(guardCsvCell(null)).toBe(null);
    expect(guardCsvCell('=x')).toBe("'=x");
  });

  it('works as csv-stringify cast.string, before quoting', () => {
    const csv = stringify([{ label: '=cmd|"/c calc"!A1', n: -3 }], {
      header: true,
      cast: { string: guardCsvText, number: (n) => String(n) },
    });
    expect(csv).toBe('label,n\n"\'=cmd|""/c calc""!A1",-3\n');
  });
});
