/**
 * The answer side of the page, for a phone first: the status line and progress bar, the
 * recommendation and its sentence, the headline number, then the rest in sections a tap
 * away (how many you need, when to stop, playing it well ..., every number: answer/
 * sections.ts), the charts, and the command line that gives the same numbers. A question
 * with a problem shows no number at all: the answer area says what is wrong (and the field
 * says it too), and the next valid question brings the answer back.
 */
import type { BattleReport, SweepReport } from '../../core/model/report.js';
import type { AnswerTiming, AnswerView } from '../answer/asker.js';
import { answerParts, SECTION_ORDER, type Section } from '../answer/sections.js';
import type { AskedQuestion, Problem } from '../question/toQuestion.js';
import { cliCommand } from '../question/command.js';
import { battleWords } from '../question/words.js';
import { distributionChart, named, sweepChartRequests, type ChartRoom } from '../charts/adapter.js';
import type { ChartRequest } from '../../core/model/report.js';
import { percentTarget, thousands } from '../../core/words/format.js';
import { ChartArea } from './charts.js';
import { byId, fill, h } from './dom.js';
import { extraTable, headline, headlineValue, methodLine, metricsTable, said, type Speaking } from './report.js';
import { knobLabel, metricLabel, sentenceWords } from '../answer/words.js';
import { numericPaths } from '../../core/engine/validate/fields.js';
import { hasChance } from '../question/state.js';

/**
 * How this question's game is worded (its form's labels; whether it has chance at all), and a
 * sentence of its report: chances in words, and a number of the battle named by its entry's name
 * (a solve's `fortressBonus`) by its label.
 */
function speakingOf(asked: AskedQuestion, report?: BattleReport): Speaking {
  const form = asked.module.form;
  // A choice's value in quotes ("order") is its label, as in the form.
  const choices = form.fields.flatMap((f) => f.choices ?? []);
  const words = (text: string) =>
    namedNumbers(asked, report, sentenceWords(text), true).replace(
      /["“]([a-z][a-z-]*)["”]/g,
      (whole, value: string) => {
        const choice = choices.find((c) => c.value === value);
        return choice ? `“${choice.label}”` : whole;
      },
    );
  return { form, chance: hasChance(asked.module), words };
}

/** A number of the battle named by its entry's name in a text (`fortressBonus`) by its label, quoted or not. */
function namedNumbers(asked: AskedQuestion, report: BattleReport | undefined, text: string, quote: boolean): string {
  if (!report) return text;
  const paths = new Set(numericPaths(report.entry));
  return text.replace(/\b[a-z]+(?:[A-Z][A-Za-z]*|\.\w+)+\b/g, (name) => {
    if (!paths.has(name)) return name;
    const label = knobLabel(asked.module.form, report.entry, name);
    return quote ? `“${label}”` : label;
  });
}

/** Chart requests with the battle's numbers named by their labels (a solve's `fortressBonus` in a title). */
function chartWords(asked: AskedQuestion, report: BattleReport, charts: ChartRequest[]): ChartRequest[] {
  const text = JSON.stringify(charts);
  const worded = namedNumbers(asked, report, text, false);
  return worded === text ? charts : (JSON.parse(worded) as ChartRequest[]);
}

/** From this width (px) the answer's charts fill their column, up to MAX_CHART_WIDTH. */
const WIDE_CHARTS = 600;
const MAX_CHART_WIDTH = 760;

/** Interim charts during a sampled run are redrawn at most this often. */
const INTERIM_CHART_MS = 1000;

export class PageAnswer implements AnswerView {
  private readonly answer = byId('answer');
  private readonly status = byId('status');
  private readonly bar = byId<HTMLProgressElement>('progress');
  private readonly body = byId('answer-body');
  private readonly problemBox = byId('problems');
  private readonly command = byId('command');
  private readonly announce = byId('announce');
  private readonly peek = byId('peek');
  private readonly chartBox = byId('charts');
  private readonly charts = new ChartArea(this.chartBox, 200);
  private readonly tableBox = byId('table');
  private readonly tableStatus = byId('table-status');
  private readonly tableBar = byId<HTMLProgressElement>('table-progress');
  private readonly tableChart = new ChartArea(byId('table-chart'), 0);
  private readonly verdictBox = h('div', { class: 'verdict' });
  private readonly headlineBox = h('div');
  private readonly notesBox = h('div');
  private readonly sectionsBox = h('div', { class: 'sections' });
  /** One box per section, kept from answer to answer (so a section opened stays open as you type). */
  private readonly sectionBoxes = new Map<string, SectionBox>();
  /** The last finished table (for the tests). */
  lastTable: SweepReport | null = null;
  private lastInterimChart = 0;
  /** The answer column's width (kept by a ResizeObserver). */
  private width: number | null = null;
  /** Place problems on their fields; the ones without a field come back. */
  fieldProblems: (problems: Problem[]) => Problem[] = (p) => p;
  /** Moves focus to a field with a problem (the page's form). */
  focusField: (param: string) => void = () => undefined;
  /** Asks the question again with this target (as typed: `53%`), from a button in the answer. */
  moveTarget: (target: string) => void = () => undefined;
  /** "What would make it fair?": the question solved for a number of its battle at a target, or no more ('' ). */
  private readonly fair = new FairBox((path, target) => this.solveFor(path, target));
  solveFor: (path: string, target: string) => void = () => undefined;
  threads = 0;
  /** The last finished answer (the browser tests compare it with the command line's). */
  lastReport: BattleReport | null = null;
  /** The last whole answer (not the number alone, while the rest of its question is worked out). */
  private whole: BattleReport | null = null;
  /** The answer a turn's board marks its plan with (null: none now: a problem, or a new question on its way). */
  planShown: (report: BattleReport | null) => void = () => undefined;
  /** The board file of a turn's command line, to save (the page's board: the same numbers from the CLI). */
  private readonly boardLink = byId<HTMLAnchorElement>('board-file');

  constructor() {
    fill(this.body, this.verdictBox, this.headlineBox, this.notesBox, this.sectionsBox, this.fair.element);
  }

  /**
   * A question that cannot be answered as it stands: no number anywhere (not the last one
   * greyed), what is wrong in the answer area and on each field.
   */
  problems(problems: Problem[]): void {
    this.fieldProblems(problems);
    this.clearAnswer();
    this.planShown(null);
    fill(
      this.problemBox,
      h('p', { class: 'lead' }, problems.length === 1 ? 'The question has a problem:' : 'The question has problems:'),
      h(
        'ul',
        {},
        problems.map((p) => {
          const item = h('li', {}, p.message);
          if (p.param !== null) {
            const go = h('button', { type: 'button', class: 'link' }, 'Show');
            go.addEventListener('click', () => this.focusField(p.param as string));
            item.append(' ', go);
          }
          return item;
        }),
      ),
    );
    this.status.textContent = 'No answer until the question is fixed.';
    // For the tests: how many questions were refused (as `answers` counts the answers).
    this.answer.dataset.refusals = String(Number(this.answer.dataset.refusals ?? 0) + 1);
    this.answer.dataset.problem = 'true';
    fill(this.peek, h('span', { class: 'what' }, `No answer: ${problems[0]?.message ?? 'fix the question'}`));
    this.peek.classList.add('problem');
  }

  progress(asked: AskedQuestion, done: number, interim: BattleReport): void {
    this.clearProblems();
    this.bar.hidden = false;
    this.bar.max = asked.trials;
    this.bar.value = done;
    this.bar.setAttribute('aria-valuetext', `${thousands(done)} of ${thousands(asked.trials)} trials`);
    this.status.textContent = `Monte Carlo · ${thousands(done)} of ${thousands(asked.trials)} trials…`;
    this.answer.setAttribute('aria-busy', 'true');
    this.render(asked, interim, true);
    const now = performance.now();
    if (now - this.lastInterimChart > INTERIM_CHART_MS) {
      this.lastInterimChart = now;
      this.charts.show(() => this.mainCharts(asked, interim), this.room(), 0);
    }
  }

  answered(asked: AskedQuestion, report: BattleReport, { latencyMs, offThread, rest }: AnswerTiming): void {
    this.clearProblems();
    this.bar.hidden = true;
    if (rest === 'coming') this.answer.setAttribute('aria-busy', 'true');
    else this.answer.removeAttribute('aria-busy');
    this.status.textContent = methodLine(report, this.threads);
    this.render(asked, report, false, rest === 'coming' ? this.coming(asked, report) : null);
    if (rest !== 'coming') this.whole = report;
    this.planShown(rest === 'coming' ? null : report);
    this.showBoardFile(report);
    // One unbreakable span per word: a line may break between words, never inside `--defenders`;
    // a long list (an army) may also break after its commas, so it fits a phone.
    fill(
      this.command,
      cliCommand(asked, report)
        .split(' ')
        .flatMap((word, i) => [
          i > 0 ? ' ' : '',
          ...word.split(/(?<=,)/).flatMap((part, j) => [j > 0 ? h('wbr') : null, h('span', {}, part)]),
        ]),
    );
    // Screen readers hear the finished answer only, not every interim estimate (nor its first line twice).
    if (rest !== 'arrived') this.announce.textContent = report.verdict[0] ?? '';
    this.lastReport = report;
    // For the tests. The number: its latency, where it was solved, and its paint (the next frame starts after
    // the browser drew this one). The whole answer: its latency (later when the rest came from a worker).
    const data = this.answer.dataset;
    if (rest !== 'arrived') {
      data.latencyMs = latencyMs.toFixed(1);
      data.solved = report.method === 'exact' ? (offThread ? 'worker' : 'page') : 'sampled';
      const changedAt = performance.now() - latencyMs;
      delete data.paintedMs;
      requestAnimationFrame(() => (data.paintedMs = (performance.now() - changedAt).toFixed(1)));
    }
    if (rest === 'coming') delete data.completeMs;
    else data.completeMs = latencyMs.toFixed(1);
    data.complete = String(rest !== 'coming');
    if (rest === 'arrived') data.restOn = offThread ? 'worker' : 'page';
    else delete data.restOn;
    this.answer.dataset.answers = String(Number(this.answer.dataset.answers ?? 0) + 1);
    // The number alone keeps the charts in place: the whole answer redraws them a moment later.
    if (rest !== 'coming') this.charts.show(() => this.mainCharts(asked, report), this.room());
    this.lastInterimChart = 0;
  }

  /**
   * While the rest of the question is worked out: a line saying so, and the last whole
   * answer's sections greyed out where the new ones will appear, so the page does not jump
   * at every keystroke (hidden from screen readers: they are the last question's).
   */
  private coming(asked: AskedQuestion, report: BattleReport): Coming {
    const last = this.whole?.system === report.system && this.whole.type === report.type ? this.whole : null;
    return { message: stillComing(asked), last };
  }

  failed(error: Error): void {
    this.clearAnswer();
    this.planShown(null);
    fill(this.problemBox, h('p', {}, `Something went wrong: ${error.message}`));
    this.answer.removeAttribute('aria-busy');
    this.answer.dataset.problem = 'true';
  }

  /** No number anywhere: the verdict, headline, sections, charts, table, command and the phone's bar emptied. */
  private clearAnswer(): void {
    delete this.answer.dataset.working;
    this.peek.classList.remove('stale');
    fill(this.verdictBox);
    fill(this.headlineBox);
    fill(this.notesBox);
    for (const box of this.sectionBoxes.values()) box.hide();
    this.fair.hide();
    this.charts.clear();
    this.table({ kind: 'none' });
    fill(this.command);
    this.boardLink.hidden = true;
    this.announce.textContent = '';
    this.bar.hidden = true;
    this.answer.removeAttribute('aria-busy');
    delete this.answer.dataset.method;
  }

  /**
   * A turn's command line names its board file: the page's board, offered to save beside it (a data link the
   * browser saves as `board.json`), so the command line gives the page's numbers.
   */
  private showBoardFile(report: BattleReport): void {
    const entry = report.entry as { type?: string; board?: unknown };
    const turn = entry.type === 'turn';
    this.boardLink.hidden = !turn;
    if (!turn) return;
    const text = `${JSON.stringify(entry.board, null, 1)}\n`;
    this.boardLink.href = `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;
  }

  /**
   * A question still being worked out after a moment (a turn on a large board takes seconds): how long so far,
   * its progress bar moving, and the last answer greyed and its marks gone (it is the last question's).
   */
  working(asked: { turn: boolean; sampling: boolean }, elapsedMs: number): void {
    const seconds = (elapsedMs / 1000).toFixed(elapsedMs < 10_000 ? 1 : 0);
    const what = asked.sampling
      ? 'Past the exact planner’s budget: sampling the turn'
      : asked.turn
        ? 'Planning the turn'
        : 'Working it out';
    const words = `${what}… ${seconds} s`;
    // The last question's numbers go (no stale number), once: the seconds are counted in place.
    if (this.answer.dataset.working !== 'true') {
      this.clearAnswer();
      this.clearProblems();
      this.planShown(null);
      this.answer.dataset.working = 'true';
    }
    this.bar.hidden = false;
    this.bar.removeAttribute('value');
    this.bar.setAttribute('aria-valuetext', words);
    this.status.textContent = words;
    this.answer.setAttribute('aria-busy', 'true');
    fill(this.peek, h('span', { class: 'what' }, words));
    this.peek.classList.add('stale');
  }

  /** The headline in the bar at the bottom of a phone's screen. */
  private showPeek(report: BattleReport, interim: boolean, speaking: Speaking): void {
    this.peek.classList.remove('problem');
    const m = report.metrics[0];
    if (!m) return fill(this.peek);
    const value = report.method === 'exact' ? (m.exact ?? m.estimate) : m.estimate;
    const how = report.method === 'exact' ? 'exact' : interim ? 'so far' : 'estimate';
    // The recommendation's word (Attack, A gamble, Hold back) where the thumb is, beside the number.
    const word = report.decisions?.recommendation?.word;
    fill(
      this.peek,
      h('span', { class: 'value' }, headlineValue(m, value, report.method === 'exact', speaking.chance)),
      word ? h('span', { class: 'word' }, word) : null,
      h('span', { class: 'what' }, `${metricLabel(m, speaking.chance)} · ${how}`),
    );
  }

  table(
    state:
      | { kind: 'none' }
      | { kind: 'problem'; message: string }
      | { kind: 'running'; done: number; cells: number; trials: number },
  ): void {
    this.tableBox.hidden = state.kind === 'none';
    this.tableBar.hidden = state.kind !== 'running';
    if (state.kind === 'none') {
      this.tableChart.clear();
      return;
    }
    if (state.kind === 'problem') {
      this.tableStatus.textContent = `No table: ${state.message}`;
      this.tableChart.clear();
      return;
    }
    this.tableBar.max = state.cells;
    this.tableBar.value = state.done;
    this.tableStatus.textContent = `${thousands(state.done)} of ${thousands(state.cells)} cells…`;
    this.tableBox.setAttribute('aria-busy', 'true');
  }

  tableAnswered(sweep: SweepReport): void {
    this.lastTable = sweep;
    this.tableBar.hidden = true;
    this.tableBox.removeAttribute('aria-busy');
    const sampled = sweep.cells.find((c) => c.method === 'monte-carlo');
    const how = sampled ? `Monte Carlo, ${thousands(sampled.trials)} trials per cell` : 'exact';
    const seconds = (sweep.elapsedMs / 1000).toFixed(2);
    this.tableStatus.textContent = `${thousands(sweep.cells.length)} cells · ${how} · ${seconds} s`;
    this.tableChart.show(() => sweepChartRequests('table', sweep), this.room());
  }

  /** How long the last battle chart took to draw on the page's thread (ms). */
  chartDrawMs(): number {
    return this.charts.lastDrawMs;
  }

  /** Resolves when the charts asked for last are drawn (those of open sections included). */
  chartsDrawn(): Promise<void> {
    // Sections opened since the last task have their tables and charts asked for now.
    for (const box of this.sectionBoxes.values()) box.sync();
    const areas = [this.charts, this.tableChart, ...[...this.sectionBoxes.values()].map((b) => b.charts)];
    return Promise.all(areas.map((a) => a.drawn)).then(() => undefined);
  }

  private clearProblems(): void {
    delete this.answer.dataset.working;
    this.peek.classList.remove('stale');
    this.fieldProblems([]);
    fill(this.problemBox);
    delete this.answer.dataset.problem;
  }

  /** The width charts are built for: the answer column's, less the chart's padding. */
  private room(): ChartRoom {
    // Read from a ResizeObserver, never from the layout while an answer is drawn (that forces a layout).
    if (this.width === null) {
      this.width = this.answer.clientWidth;
      new ResizeObserver((entries) => (this.width = entries[0]?.contentRect.width ?? this.width)).observe(this.answer);
    }
    // A wide column (a desktop's) is used whole, up to a width a chart still reads at a glance.
    const width = Math.max(0, (this.width ?? 0) - 16) || 560;
    return width >= WIDE_CHARTS ? { maxWidth: Math.min(width, MAX_CHART_WIDTH), fill: true } : { maxWidth: width };
  }

  /** The charts under the sections: the outcome distribution and those no section holds. */
  private mainCharts(asked: AskedQuestion, report: BattleReport) {
    const title = chartTitle(asked, report);
    const { charts } = answerParts(report);
    const distribution = distributionChart(report, title);
    return chartWords(asked, report, [...(distribution ? [distribution] : []), ...named(charts, report, title)]);
  }

  private render(asked: AskedQuestion, report: BattleReport, interim: boolean, coming: Coming | null = null): void {
    const speaking = speakingOf(asked, report);
    this.showPeek(report, interim, speaking);
    // A turn is solved for its numbers from the command line (`plan landgrab --solve-for`), not here yet.
    if (!interim && speaking.chance && report.type !== 'turn') this.fair.show(asked, report);
    else this.fair.hide();
    this.answer.dataset.method = report.method;
    this.answer.dataset.partial = String(interim);
    const parts = answerParts(report);
    const previous = coming?.last ? answerParts(coming.last).sections : [];
    fill(
      this.verdictBox,
      parts.first.map((line) => h('p', {}, said(speaking, line))),
      coming ? h('p', { class: 'coming' }, coming.message) : null,
    );
    fill(this.headlineBox, headline(report, speaking));
    fill(
      this.notesBox,
      report.notes.length > 0
        ? h(
            'ul',
            { class: 'notes' },
            report.notes.map((n) => h('li', {}, battleWords(asked.module, report.label, n))),
          )
        : null,
    );
    const title = chartTitle(asked, report);
    const room = this.room();
    const shown = new Set<string>();
    for (const section of parts.sections) {
      // While the rest is worked out, a section the number alone lacks shows the last answer's, greyed.
      const last = previous.find((p) => p.id === section.id);
      const greyed = coming !== null && last !== undefined && section.lines.length < last.lines.length;
      const drawn = greyed && last ? last : section;
      this.box(section.id).show(drawn, this.content(drawn, report, speaking), greyed, room, () =>
        chartWords(asked, report, named(drawn.charts, report, title)),
      );
      shown.add(section.id);
    }
    for (const section of previous) {
      if (shown.has(section.id)) continue;
      this.box(section.id).show(section, this.content(section, coming?.last ?? report, speaking), true, room, () => []);
      shown.add(section.id);
    }
    for (const [id, box] of this.sectionBoxes) if (!shown.has(id)) box.hide();
  }

  /**
   * A section's lines, and its tables (every number: the metrics table and quantiles too), built
   * when the section is open: a closed section costs the page's thread nothing but its lines.
   */
  private content(section: Section, report: BattleReport, speaking: Speaking): SectionContent {
    const target = section.target !== undefined ? `${Math.round(section.target * 100)}%` : null;
    const move = target ? h('button', { type: 'button', class: 'move-target' }, `Aim for ${target} instead`) : null;
    move?.addEventListener('click', () => this.moveTarget(target as string));
    return {
      lines: [...section.lines.map((line) => h('p', { class: 'line' }, said(speaking, line))), ...(move ? [move] : [])],
      tables: () => [
        ...(section.id === 'numbers' ? [metricsTable(report, speaking)] : []),
        ...section.tables.map((t) => extraTable(t, speaking)),
      ],
    };
  }

  /** The section's box, made once, in the sections' order. */
  private box(id: string): SectionBox {
    let box = this.sectionBoxes.get(id);
    if (!box) {
      box = new SectionBox(id);
      // A turn's plan is the answer: its steps are open from the first.
      if (id === 'plan') box.element.open = true;
      this.sectionBoxes.set(id, box);
      this.sectionsBox.append(box.element);
      // Keep the boxes in the sections' order.
      const at = (id: string) => SECTION_ORDER.indexOf(id);
      const sorted = [...this.sectionBoxes.entries()].sort((a, b) => at(a[0]) - at(b[0]));
      for (const [, b] of sorted) this.sectionsBox.append(b.element);
    }
    return box;
  }
}

/**
 * One section as a disclosure: its title and its answer in a few words, a tap away from
 * its lines, tables and charts. Its charts are drawn when it is open (and when it opens).
 */
class SectionBox {
  readonly element: HTMLDetailsElement;
  readonly charts: ChartArea;
  private readonly summary = h('summary', {});
  private readonly content = h('div', { class: 'section-body' });
  private specs: () => ChartRequest[] = () => [];
  private room: ChartRoom = { maxWidth: 560 };
  private drawnFor: unknown = null;
  /** The section's tables, built the first time it is open. */
  private tables: (() => Node[]) | null = null;
  private readonly tableBox = h('div', { class: 'section-tables' });

  constructor(id: string) {
    const chartBox = h('div', { class: 'charts' });
    this.charts = new ChartArea(chartBox, 200);
    this.element = h('details', { class: 'section', 'data-section': id }, this.summary, this.content, chartBox);
    this.element.addEventListener('toggle', () => this.sync(0));
  }

  /** Open: its tables built and its charts drawn (once for each answer). */
  sync(delayMs?: number): void {
    if (!this.element.open) return;
    if (this.tables) {
      fill(this.tableBox, this.tables());
      this.tables = null;
    }
    this.draw(delayMs);
  }

  show(section: Section, content: SectionContent, greyed: boolean, room: ChartRoom, specs: () => ChartRequest[]): void {
    this.element.hidden = false;
    this.element.classList.toggle('previous', greyed);
    if (greyed) this.content.setAttribute('aria-hidden', 'true');
    else this.content.removeAttribute('aria-hidden');
    fill(
      this.summary,
      h('span', { class: 'title' }, section.title),
      section.gist ? h('span', { class: 'gist' }, greyed ? 'working it out…' : section.gist) : null,
    );
    fill(this.content, content.lines, this.tableBox);
    this.tables = content.tables;
    if (this.element.open) {
      fill(this.tableBox, this.tables());
      this.tables = null;
    } else fill(this.tableBox);
    if (greyed) return;
    this.specs = specs;
    this.room = room;
    this.drawnFor = null;
    if (this.element.open) this.draw();
  }

  hide(): void {
    this.element.hidden = true;
    fill(this.summary);
    fill(this.content);
    this.charts.clear();
    this.drawnFor = null;
  }

  private draw(delayMs?: number): void {
    if (this.drawnFor === this.specs) return;
    this.drawnFor = this.specs;
    const charts = this.specs();
    if (charts.length === 0) this.charts.clear();
    else this.charts.show(() => charts, this.room, delayMs);
  }
}

/**
 * "What would make it fair?", for designers: a number of the battle (a rule's, such as the fortress
 * bonus, or a count) and a target, solved for from the answer (the command line's `--solve-for`);
 * while a question is solved for, what it is solved for and a way back.
 */
class FairBox {
  readonly element: HTMLDetailsElement;
  private readonly body = h('div', { class: 'section-body' });
  /** The question's game and the numbers offered, so the list is built again only when they change. */
  private shownFor = '';

  constructor(private readonly ask: (path: string, target: string) => void) {
    this.element = h(
      'details',
      { class: 'section fair', 'data-section': 'fair', hidden: true },
      h('summary', {}, h('span', { class: 'title' }, 'What would make it fair?'), h('span', { class: 'gist' }, '')),
      this.body,
    );
  }

  show(asked: AskedQuestion, report: BattleReport): void {
    const solving = asked.question.solveFor;
    const form = asked.module.form;
    const paths = numericPaths(report.entry);
    const key = `${report.system}|${solving ?? ''}|${paths.join(',')}|${asked.question.target ?? ''}`;
    this.element.hidden = paths.length === 0;
    const gist = this.element.querySelector('.gist') as HTMLElement;
    gist.textContent = solving
      ? `solved for ${knobLabel(form, report.entry, solving).toLowerCase()}`
      : 'for designers: the value of a rule or number at which the chance reaches a target';
    if (key === this.shownFor) return;
    this.shownFor = key;
    const knob = h(
      'select',
      { id: 'fair-knob', 'aria-label': 'The number to solve for' },
      paths.map((p) => h('option', { value: p }, knobLabel(form, report.entry, p))),
    );
    if (solving && paths.includes(solving)) knob.value = solving;
    const targets = ['50%', '60%', '67%', '75%', '80%', '90%'];
    const target = h(
      'select',
      { id: 'fair-target', 'aria-label': 'The chance to reach' },
      targets.map((t) => h('option', { value: t }, t === '50%' ? '50% (a fair fight)' : t)),
    );
    const given = asked.question.target;
    if (given !== undefined && targets.includes(`${Math.round(given * 100)}%`))
      target.value = `${Math.round(given * 100)}%`;
    const solve = h('button', { type: 'button', class: 'solve' }, 'Solve');
    solve.addEventListener('click', () => this.ask(knob.value, target.value));
    const stop = solving ? h('button', { type: 'button', class: 'stop-solving' }, 'Back to the question') : null;
    stop?.addEventListener('click', () => this.ask('', ''));
    fill(
      this.body,
      h(
        'p',
        { class: 'hint' },
        'The value of one number of the battle (a rule such as the fortress bonus, or a count) at which the chance ' +
          'reaches the target: the smallest where the chance rises with it, the largest where it falls.',
      ),
      h('div', { class: 'fair-row' }, h('label', { for: 'fair-knob' }, 'Solve for'), knob),
      h('div', { class: 'fair-row' }, h('label', { for: 'fair-target' }, 'Chance to reach'), target),
      h('div', { class: 'fair-buttons' }, solve, stop),
    );
  }

  /** No answer: nothing to solve, and no number left in it (its targets). */
  hide(): void {
    this.element.hidden = true;
    fill(this.body);
    this.shownFor = '';
  }
}

/** A section's lines (shown at once) and its tables (built when it is open). */
interface SectionContent {
  lines: Node[];
  tables: () => Node[];
}

/** The number alone is on the page: what is still coming, and the last whole answer meanwhile. */
interface Coming {
  message: string;
  last: BattleReport | null;
}

/** What the page is still working out, in words: "Working out the advice…". */
function stillComing(asked: AskedQuestion): string {
  const { target, advise } = asked.question;
  const parts = [target !== undefined ? `the ${percentTarget(target)} target` : '', advise ? 'the advice' : ''];
  return `Working out ${parts.filter(Boolean).join(' and ') || 'the rest of the question'}…`;
}

/**
 * The battle's name in the chart titles: its label, unless that is the command line (a
 * system with no label of its own names the battle by its flags): then the game's name.
 */
function chartTitle(asked: AskedQuestion, report: BattleReport): string {
  if (report.type === 'turn') return 'The turn';
  return /(^|\s)--[a-z]/.test(report.label) ? asked.module.name : report.label;
}
