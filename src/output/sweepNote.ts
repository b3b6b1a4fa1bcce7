/** How a sweep's numbers were obtained, in a few words (chart subtitles, the report page). */
import type { SweepReport } from '../engine/report.js';
import { thousands } from '../kit/format.js';

/** True when every cell of every variant has an exact headline: charts then show those. */
export function sweepAllExact(sweep: SweepReport): boolean {
  return (
    sweep.cells.length > 0 &&
    sweep.cells.every((c) => c.method === 'exact' || c.variants.every((v) => v.metrics[0].exact !== undefined))
  );
}

export function sweepMethodNote(sweep: SweepReport): string {
  const sampledCell = sweep.cells.find((c) => c.method === 'monte-carlo');
  const partial = sweep.partial ? ' (PARTIAL)' : '';
  if (!sampledCell) return `exact values${partial}`;
  const paired = sweep.variants.length > 1 ? ', variants on common random numbers' : '';
  const mc = `${thousands(sampledCell.trials)} trials per cell${paired}`;
  if (sweepAllExact(sweep)) return `exact values; sweep.csv also has the Monte Carlo estimates (${mc})${partial}`;
  return `Monte Carlo, ${mc}${partial}`;
}
