/**
 * An answer for a phone: the recommendation and its sentence first, the rest in sections a
 * tap away (how many you need, when to stop, playing it well, a creature to add ...). Each
 * verdict line goes to the section of the decision it quotes (the report's `verdictQuotes`
 * name the values every line writes, so no sentence is parsed), each table and chart to the
 * section of its decision by name; a section's summary reads its decision by name
 * (`decisions.needed.count` ...). Pure: the page's view draws the sections.
 */
import type { BattleReport, ChartRequest, Decisions, Table } from '../../core/model/report.js';
import { percentShort, percentTarget, plural } from '../../core/words/format.js';

export interface Section {
  id: string;
  title: string;
  /** The section's answer in a few words, from its decision: "16 armies for 75%". */
  gist: string;
  lines: string[];
  tables: Table[];
  charts: ChartRequest[];
  /** A target the answer offers to move to (when no stop rule meets the one asked): the player taps it. */
  target?: number;
}

export interface AnswerParts {
  /** The recommendation and its sentence (the verdict's first line, and any unquoted line after it). */
  first: string[];
  sections: Section[];
}

interface SectionKind {
  id: string;
  title: string;
  /** The decisions it holds (`decisions.<name>`, or a part of one: `plan.baselines`). */
  decisions: readonly string[];
  /** Tables and charts of those decisions, by name. */
  names: readonly string[];
  gist?: (d: Decisions) => string;
}

const pct = (p: number) => percentTarget(p);

/** A plan's gain over a simpler one, in its objective's terms: points of a chance, or of an expectation. */
function gainWords(plan: NonNullable<Decisions['plan']>, gain: number): string {
  return plan.kind === 'probability' ? `+${(gain * 100).toFixed(1)} points` : `+${gain.toFixed(2)}`;
}

/** In the order they are shown; `numbers` takes every line, table and chart no other section takes. */
const KINDS: readonly SectionKind[] = [
  {
    id: 'plan',
    title: 'The plan, step by step',
    decisions: ['plan'],
    names: ['plan-placement', 'plan-main-line'],
    gist: ({ plan }) => {
      if (!plan) return '';
      const placed = plan.placement.map((p) => `${p.armies} on ${p.territory}`).join(', ') || 'nothing to place';
      if (plan.planner === 'sampled') return `${placed}; sampled, not proved the best`;
      const attacks = plan.mainLine.filter((s) => s.kind === 'attack').length;
      const course = attacks === 0 ? 'no attack' : `${plural(attacks, 'attack', 'attacks')}, the likeliest course`;
      return `${placed}; ${course}`;
    },
  },
  {
    id: 'simpler',
    title: 'Against simpler plans',
    decisions: ['plan.baselines', 'plan.topPlacements'],
    names: ['plan-baselines', 'plan-vs-simpler', 'plan-placements'],
    gist: ({ plan }) => {
      const greedy = plan?.baselines.find((b) => b.name === 'greedy');
      const single = plan?.baselines.find((b) => b.name === 'bestSingleAttack');
      if (!plan || !greedy) return '';
      const tail = single ? `, ${gainWords(plan, single.gain)} over one attack` : '';
      return `${gainWords(plan, greedy.gain)} over greedy${tail}`;
    },
  },
  {
    id: 'needed',
    title: 'How many you need',
    decisions: ['needed', 'beatable', 'tokensNeeded'],
    names: ['armies-needed', 'tokens-needed'],
    gist: (d) => {
      if (d.needed)
        return d.needed.count === null
          ? `none up to ${d.needed.searchedTo} reaches ${pct(d.needed.target)}`
          : `${plural(d.needed.count, 'army', 'armies')} for ${pct(d.needed.target)}`;
      if (d.tokensNeeded) {
        const { controls, alone, target } = d.tokensNeeded;
        if (controls.tokens === null) return `no count tried reaches ${pct(target)}`;
        const clear = alone.tokens === null ? '' : `, ${alone.tokens} to clear it`;
        return `${plural(controls.tokens, 'token', 'tokens')} to control the area${clear}`;
      }
      if (d.beatable)
        return `up to ${plural(d.beatable.defenders, 'defender', 'defenders')} at ${pct(d.beatable.target)}`;
      return '';
    },
  },
  {
    id: 'stopRule',
    title: 'When to stop',
    decisions: ['stopRule'],
    names: ['stop-rule'],
    gist: ({ stopRule: s }) => {
      if (!s) return '';
      if (!s.feasible) {
        const r = s.reachable;
        if (!r) return 'no stop rule reaches the target';
        const rule = r.neverStops ? 'fight to the end' : `break off in ${plural(r.breakOff.length, 'place', 'places')}`;
        const best = percentShort(r.bestChance);
        return `none reaches ${pct(s.target as number)}; the best is ${best}; at ${pct(r.target)}: ${rule}`;
      }
      if (!s.attacks) return 'do not attack';
      if (s.neverStops) return 'fight to the end';
      return `break off in ${plural(s.breakOff.length, 'place', 'places')}`;
    },
  },
  {
    id: 'optimalPlay',
    title: 'Playing it well',
    decisions: ['optimalPlay'],
    names: ['optimal-play', 'optimal-losses'],
    // Both sides playing well can be below the battle's fixed policies (the defender plays well too): said so.
    gist: ({ optimalPlay: o }) => {
      if (!o || o.optimal === null) return o?.refusal ? 'not worked out for this battle' : '';
      const alone = o.attackerAlone !== null ? `; ${percentShort(o.attackerAlone)} if only you do` : '';
      return `${percentShort(o.optimal)} if both sides choose losses and retreats well${alone}`;
    },
  },
  {
    id: 'addedCreature',
    title: 'A creature to add',
    decisions: ['addedCreature'],
    names: ['added-creature'],
    gist: ({ addedCreature: a }) => {
      if (!a) return '';
      switch (a.answer) {
        case 'found': {
          const c = a.chosen;
          if (!c) return '';
          const kind = `${c.dice === 2 ? 'charging ' : ''}${c.step} creature of combat value ${c.value}`;
          return `one ${kind} reaches ${pct(a.target)}${c.names[0] ? ` (e.g. ${c.names[0]})` : ''}`;
        }
        case 'none':
          return `no one creature reaches ${pct(a.target)}`;
        case 'enough':
          return 'none needed';
        case 'full':
          return 'the hex is full';
        default:
          return '';
      }
    },
  },
  {
    id: 'reach',
    title: 'From how far',
    decisions: ['reach'],
    names: ['farthest'],
    gist: ({ reach: r }) => {
      if (!r) return '';
      const far = ({ farthest, any }: { farthest: number | null; any: boolean }) =>
        any
          ? 'from any distance'
          : farthest === null
            ? 'from no distance'
            : `up to ${plural(farthest, 'hex', 'hexes')}`;
      return `one Prince ${far(r.onePrince)}, two Princes ${far(r.twoPrinces)}`;
    },
  },
  {
    id: 'defence',
    title: "The defender's best spread",
    decisions: ['defence'],
    names: ['spreads'],
  },
  {
    id: 'steps',
    title: 'How it works out',
    decisions: ['conflict', 'battleValues'],
    names: ['removals', 'tokens', 'values'],
  },
  { id: 'numbers', title: 'Every number', decisions: [], names: [] },
];

/** The sections' ids, in the order they are shown. */
export const SECTION_ORDER: readonly string[] = KINDS.map((k) => k.id);

/**
 * The section a verdict line belongs to: the first decision it quotes that a section holds (the section naming
 * the longest part of it: `decisions.plan.baselines.0.gain` is the simpler plans', not the plan's).
 */
function sectionOfLine(quotes: BattleReport['verdictQuotes'][number] | undefined): SectionKind | null {
  for (const quote of quotes ?? []) {
    let best: SectionKind | null = null;
    let length = 0;
    for (const kind of KINDS)
      for (const d of kind.decisions) {
        const ref = `decisions.${d}`;
        if ((quote.ref === ref || quote.ref.startsWith(`${ref}.`)) && ref.length > length) {
          best = kind;
          length = ref.length;
        }
      }
    if (best) return best;
  }
  return null;
}

const NUMBERS = KINDS[KINDS.length - 1];

/**
 * The answer's parts: the first line (and the unquoted lines right after it, which finish
 * its thought), then one section per decision the report has, then every other number.
 * Charts without a section (the outcome distribution ...) are the caller's.
 */
export function answerParts(report: BattleReport): AnswerParts & { charts: ChartRequest[] } {
  const first: string[] = [];
  const byKind = new Map<SectionKind, Section>();
  const section = (kind: SectionKind): Section => {
    let s = byKind.get(kind);
    if (!s) {
      s = { id: kind.id, title: kind.title, gist: '', lines: [], tables: [], charts: [] };
      byKind.set(kind, s);
    }
    return s;
  };
  let current: SectionKind | 'first' = 'first';
  report.verdict.forEach((line, i) => {
    const quotes = report.verdictQuotes[i];
    if (i > 0 && quotes && quotes.length > 0) current = sectionOfLine(quotes) ?? NUMBERS;
    if (current === 'first') first.push(line);
    else section(current).lines.push(line);
  });
  const kindOfName = (name: string) => KINDS.find((k) => k.names.includes(name));
  for (const table of report.tables) section(kindOfName(table.name) ?? NUMBERS).tables.push(table);
  const charts: ChartRequest[] = [];
  for (const chart of report.charts) {
    const kind = kindOfName(chart.name);
    if (kind) section(kind).charts.push(chart);
    else charts.push(chart);
  }
  // The numbers are always there (the metrics table is drawn in it).
  section(NUMBERS);
  const decisions = report.decisions ?? {};
  const reachable = decisions.stopRule && !decisions.stopRule.feasible ? decisions.stopRule.reachable : undefined;
  const sections = KINDS.filter((k) => byKind.has(k)).map((k) => {
    const s = byKind.get(k) as Section;
    return {
      ...s,
      gist: k.gist?.(decisions) ?? '',
      ...(k.id === 'stopRule' && reachable ? { target: reachable.target } : {}),
    };
  });
  return { first, sections, charts };
}
