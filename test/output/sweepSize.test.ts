/** How a sweep's size is written: axes and cells, or, with no axis, the variants compared (never "1 cells"). */
import { describe, expect, it } from 'vitest';
import { formatSweep } from '../../src/output/terminal.js';
import { sweepSection } from '../../src/output/html.js';
import { sweep } from './fixtures.js';

describe("a sweep's size", () => {
  const twoAxes = sweep(
    [
      { name: 'attackers', title: 'armies', values: [2, 3, 4] },
      { name: 'defenders', title: 'defenders', values: [1, 2] },
    ],
    ['base', 'fort'],
  );
  const noAxis = sweep([], ['base', 'fort']);

  it('names the axes and the cells they make', () => {
    expect(formatSweep(twoAxes)).toContain('sweep attackers (3) x defenders (2) = 6 cells, variants: base, fort;');
    expect(sweepSection(twoAxes, [])).toContain('armies (3 values) × defenders (2 values) = 6 cells');
  });

  it('with no axis says the variants are compared in one cell', () => {
    expect(formatSweep(noAxis)).toContain('sweep with no axis (one cell), variants: base, fort;');
    expect(sweepSection(noAxis, [])).toContain('no axis: the variants compared (one cell)');
    expect(formatSweep(noAxis) + sweepSection(noAxis, [])).not.toMatch(/\b1 cells/);
  });
});
