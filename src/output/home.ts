/**
 * The results home: `<out>/index.html`, one page listing every scenario folder of a results
 * folder with its headline answers and a link to its own page. Each scenario folder carries
 * what the home shows of it in `headline.json` (written with the folder, so the home never
 * reads a large report.json), which is how scenarios of earlier runs are listed too.
 */
import { z } from 'zod';
import type { BattleReport, ScenarioReport } from '../core/model/report.js';
import { escapeHtml as escape } from './html.js';
import { headlineText, sweepRanges } from './terminal.js';

/** The file in each scenario folder that the home reads. */
export const HEADLINE_FILE = 'headline.json';
/** Battles whose answer the home shows per scenario (the page beside it has them all). */
export const HOME_ANSWERS = 5;
/** In the home page's head: the mark by which a run knows the page is its own to replace. */
export const HOME_MARK = '<meta name="generator" content="battle-odds results home">';

const text = z.string().max(2000);
export const headlineFileSchema = z.object({
  format: z.literal('battle-odds-headline/1'),
  scenario: text,
  description: z.string().max(10_000).optional(),
  system: text,
  version: text,
  startedAt: text,
  partial: z.boolean(),
  battles: z.number().int().nonnegative(),
  answers: z.array(z.object({ label: text, text: text })).max(HOME_ANSWERS),
  sweep: z.array(text).max(50).nullable(),
});
/** What the home shows of one scenario folder. */
export type HeadlineFile = z.infer<typeof headlineFileSchema>;

/** One battle's answer in a line: the verdict's first line, else the headline with its interval. */
export function battleAnswer(r: Pick<BattleReport, 'label' | 'verdict' | 'metrics'>): { label: string; text: string } {
  return { label: r.label, text: r.verdict[0] ?? headlineText(r) };
}

/** headline.json of a scenario's folder; `answers`: the first battles' answers, `battles` how many there were. */
export function headlineFile(
  report: Omit<ScenarioReport, 'battles'>,
  battles: number,
  answers: Array<{ label: string; text: string }>,
): HeadlineFile {
  const clip = (s: string) => (s.length > 2000 ? `${s.slice(0, 1999)}…` : s);
  return {
    format: 'battle-odds-headline/1',
    scenario: report.scenario,
    ...(report.description !== undefined ? { description: report.description.slice(0, 10_000) } : {}),
    system: report.system,
    version: report.version,
    startedAt: report.startedAt,
    partial: report.partial,
    battles,
    answers: answers.slice(0, HOME_ANSWERS).map((a) => ({ label: clip(a.label), text: clip(a.text) })),
    sweep: report.sweep
      ? [
          `${report.sweep.cells.length} cells${report.sweep.partial ? ' (PARTIAL)' : ''}`,
          ...sweepRanges(report.sweep).map(clip),
        ].slice(0, 50)
      : null,
  };
}

/** A scenario folder as the home lists it: its folder name and what its headline.json says (null: none readable). */
export interface HomeEntry {
  folder: string;
  headline: HeadlineFile | null;
  /** Written by the run that writes the home. */
  fresh: boolean;
}

export function homeHtml(entries: HomeEntry[], out: string): string {
  const sorted = [...entries].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  const fresh = sorted.filter((e) => e.fresh).length;
  const counts =
    `${sorted.length} scenario${sorted.length === 1 ? '' : 's'}: ${fresh} from the latest run, ` +
    `${sorted.length - fresh} from earlier runs still in the folder`;
  const rows = sorted.map(entryHtml).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${HOME_MARK}
<title>battle-odds results · ${escape(out)}</title>
<style>
body { font-family: "DejaVu Sans", system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
body { color: #1a1a1a; } h1 { margin-bottom: .2rem; overflow-wrap: anywhere; }
h2 { margin: 0 0 .2rem; font-size: 1.15rem; overflow-wrap: anywhere; }
.lede, .how { color: #555; } .how { font-size: .85rem; margin: .1rem 0 .4rem; }
section { margin-top: 1.4rem; padding-top: .8rem; border-top: 1px solid #e3e3e3; }
ul { margin: .2rem 0; padding-left: 1.2rem; } li { margin: .15rem 0; } .label { color: #444; }
.partial { color: #a40000; font-weight: bold; } .earlier { color: #7a5b00; }
</style></head>
<body>
<h1>battle-odds results</h1>
<p class="lede">${escape(counts)}. Each name opens the scenario's page (verdicts, numbers, charts, tables).</p>
${rows}
</body></html>
`;
}

function entryHtml(entry: HomeEntry): string {
  const link = `<h2><a href="${encodeURIComponent(entry.folder)}/index.html">${escape(entry.folder)}</a></h2>`;
  const h = entry.headline;
  if (!h) return `<section>${link}<p class="how">no ${HEADLINE_FILE}: written by an older battle-odds</p></section>`;
  const when = entry.fresh ? 'latest run' : `<span class="earlier">an earlier run</span>`;
  const partial = h.partial ? ' · <span class="partial">PARTIAL: interrupted</span>' : '';
  const version = `version ${escape(h.version)}`;
  const how = `<p class="how">${escape(h.system)} · ${when}, ${escape(h.startedAt)} · ${version}${partial}</p>`;
  const description = h.description ? `<p>${escape(h.description)}</p>` : '';
  const answers = h.answers.map((a) => `<li><span class="label">${escape(a.label)}:</span> ${escape(a.text)}</li>`);
  const more = h.battles - h.answers.length;
  if (more > 0) answers.push(`<li>and ${more} more battle${more === 1 ? '' : 's'} on its page</li>`);
  const sweep = h.sweep ? [`<li>sweep: ${h.sweep.map(escape).join('; ')}</li>`] : [];
  const list = [...sweep, ...answers];
  return `<section>${link}${how}${description}${list.length > 0 ? `<ul>${list.join('')}</ul>` : ''}</section>`;
}
