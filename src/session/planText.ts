/** The plan and estimate of a run in the terminal's words (`run --dry-run`, and before a long run). */
import type { RunEstimate } from '../core/run/estimate.js';
import type { OutputEstimate } from './runEstimate.js';
import { thousands } from '../core/words/format.js';

/** A run expected to take longer than this prints its estimate first (seconds). */
export const FEW_SECONDS = 5;

/** Seconds in words: `under a second`, `12 s`, `4 min`, `2 h 10 min`, `3 days`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  if (seconds < 1) return 'under a second';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  const minutes = seconds / 60;
  if (minutes < 90) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.floor(hours)} h ${Math.round(minutes - 60 * Math.floor(hours))} min`;
  return `${Math.round(hours / 24)} days`;
}

/** A count of battles: exact below a million, `12.3 million`, then `1.16e10`. */
export function battleCount(n: number): string {
  if (n < 1e6) return thousands(n);
  if (n < 1e9) return `${Number((n / 1e6).toPrecision(3))} million`;
  return n.toExponential(2).replace('e+', 'e');
}

/** `about 12 s`, or `under a second`. */
function about(seconds: number): string {
  return seconds < 1 ? formatDuration(seconds) : `about ${formatDuration(seconds)}`;
}

function threadsText(threads: number): string {
  return threads === 0 ? 'this thread' : `${threads} worker thread${threads === 1 ? '' : 's'}`;
}

/** The one-line estimate printed before a long run. */
export function estimateLine(e: RunEstimate & Partial<OutputEstimate>): string {
  const rates = e.rates.map((r) => `${r.system} ${(r.perThread / 1e6).toPrecision(2)} M battles/s a thread`).join(', ');
  const upTo = e.upTo > e.sampled ? ` (up to ${battleCount(e.upTo)} if nothing were solved exactly)` : '';
  const exact = e.exactUnits > 0 ? `, ${thousands(e.exactUnits)} exact answers` : '';
  const solves = e.solves > 0 ? `, ${thousands(e.solves)} values evaluated by solves` : '';
  const charts = e.charts ? `, ${thousands(e.charts)} charts` : '';
  const calibrated = rates ? `; calibrated: ${rates}` : '';
  // Computing on several threads at once: the machine's time beside the clock's.
  const cpu = Math.abs(e.cpuSeconds - e.seconds) >= 1 ? ` (${formatDuration(e.cpuSeconds)} of computing)` : '';
  return (
    `estimate: ${about(e.seconds)} on ${threadsText(e.threads)}${cpu}: ` +
    `${battleCount(e.sampled)} battles to simulate${upTo}${exact}${solves}${charts}${calibrated}`
  );
}

/** The plan of `run --dry-run`: a line per scenario, the totals and the estimate. */
export function planText(e: RunEstimate): string {
  const lines = [`plan: ${e.scenarios.length} scenario${e.scenarios.length === 1 ? '' : 's'}`];
  for (const p of e.scenarios) {
    const parts = [
      ...(p.battles > 0 ? [`${thousands(p.battles)} battle${p.battles === 1 ? '' : 's'}`] : []),
      ...(p.cells > 0 ? [`${thousands(p.cells)} sweep cells${p.variants > 1 ? ` x ${p.variants} variants` : ''}`] : []),
    ];
    const sampled =
      p.sampled > 0 ? `${battleCount(p.sampled)} battles simulated (${thousands(p.trials)} trials each)` : '';
    const exact = p.exactUnits > 0 ? `${thousands(p.exactUnits)} exact` : '';
    const solves = p.solves > 0 ? `${thousands(p.solves)} values evaluated by solves` : '';
    const how = [sampled, exact, solves].filter(Boolean).join(', ');
    lines.push(
      `  ${p.name} (${p.system}): ${parts.join(', ') || 'nothing'}; ${how || 'nothing to do'}; ${about(p.seconds)}`,
    );
  }
  const took = formatDuration(e.calibrationMs / 1000);
  lines.push(
    `  in all: ${thousands(e.battles)} battles, ${thousands(e.cells)} sweep cells; ` +
      `which are solved exactly was probed on a few of each scenario (calibration took ${took})`,
  );
  lines.push(estimateLine(e));
  return `${lines.join('\n')}\n`;
}
