/**
 * The answer side of the page: status line and progress bar, verdict, headline, metrics,
 * notes, the system's tables, charts, and the command line that gives the same numbers.
 * A question with a problem greys the last answer out (it answers the previous question)
 * and puts the problem on its field.
 */
import type { BattleReport, SweepReport } from '../../engine/report.js';
import type { AnswerTiming, AnswerView } from '../answer/asker.js';
import type { AskedQuestion, Problem } from '../question/toQuestion.js';
import { cliCommand } from '../question/command.js';
import { battleCharts, sweepCharts } from '../charts/adapter.js';
import { percentTarget, thousands } from '../../kit/format.js';
import { ChartArea } from './charts.js';
import { byId, fill, h } from './dom.js';
import { extraTable, headline, headlineValue, methodLine, metricsTable } from './report.js';

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
  private readonly charts = new ChartArea(byId('charts'), 200);
  private readonly tableBox = byId('table');
  private readonly tableStatus = byId('table-status');
  private readonly tableBar = byId<HTMLProgressElement>('table-progress');
  private readonly tableChart = new ChartArea(byId('table-chart'), 0);
  /** The last finished table (for the tests). */
  lastTable: SweepReport | null = null;
  private lastInterimChart = 0;
  /** Place problems on their fields; the ones without a field come back. */
  fieldProblems: (problems: Problem[]) => Problem[] = (p) => p;
  threads = 0;
  /** The last finished answer (the browser tests compare it with the command line's). */
  lastReport: BattleReport | null = null;
  /** The last whole answer (not the number alone, while the rest of its question is worked out). */
  private whole: BattleReport | null = null;

  problems(problems: Problem[]): void {
    const general = this.fieldProblems(problems);
    fill(
      this.problemBox,
      general.map((p) => h('p', {}, p.message)),
    );
    this.answer.classList.add('stale');
    this.status.textContent = 'Fix the question to see its answer (greyed out: the previous answer).';
    this.peek.classList.add('stale');
    this.bar.hidden = true;
  }

  progress(asked: AskedQuestion, done: number, interim: BattleReport): void {
    this.clearProblems();
    this.bar.hidden = false;
    this.bar.max = asked.trials;
    this.bar.value = done;
    this.bar.setAttribute('aria-valuetext', `${thousands(done)} of ${thousands(asked.trials)} trials`);
    this.status.textContent = `Monte Carlo · ${thousands(done)} of ${thousands(asked.trials)} trials…`;
    this.answer.setAttribute('aria-busy', 'true');
    this.render(interim, true);
    const now = performance.now();
    if (now - this.lastInterimChart > INTERIM_CHART_MS) {
      this.lastInterimChart = now;
      this.charts.show(battleCharts(interim, chartTitle(asked, interim)), 0);
    }
  }

  answered(asked: AskedQuestion, report: BattleReport, { latencyMs, offThread, rest }: AnswerTiming): void {
    this.clearProblems();
    this.bar.hidden = true;
    if (rest === 'coming') this.answer.setAttribute('aria-busy', 'true');
    else this.answer.removeAttribute('aria-busy');
    this.status.textContent = methodLine(report, this.threads);
    this.render(report, false, rest === 'coming' ? this.coming(asked, report) : null);
    if (rest !== 'coming') this.whole = report;
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
    if (rest !== 'coming') this.charts.show(battleCharts(report, chartTitle(asked, report)));
    this.lastInterimChart = 0;
  }

  /**
   * While the rest of the question is worked out: a line saying so, and the last whole
   * answer's extra lines and tables greyed out where the new ones will appear, so the page
   * does not jump at every keystroke (hidden from screen readers: they are the last question's).
   */
  private coming(asked: AskedQuestion, report: BattleReport): Coming {
    const last = this.whole?.system === report.system && this.whole.type === report.type ? this.whole : null;
    return {
      message: stillComing(asked),
      lines: last ? last.verdict.slice(report.verdict.length) : [],
      tables: last ? last.tables.filter((t) => !report.tables.some((u) => u.name === t.name)) : [],
    };
  }

  failed(error: Error): void {
    fill(this.problemBox, h('p', {}, `Something went wrong: ${error.message}`));
    this.answer.classList.add('stale');
    this.answer.removeAttribute('aria-busy');
    this.bar.hidden = true;
  }

  /** The headline in the bar at the bottom of a phone's screen. */
  private showPeek(report: BattleReport, interim: boolean): void {
    const m = report.metrics[0];
    if (!m) return fill(this.peek);
    const value = report.method === 'exact' ? (m.exact ?? m.estimate) : m.estimate;
    const how = report.method === 'exact' ? 'exact' : interim ? 'so far' : 'estimate';
    fill(
      this.peek,
      h('span', { class: 'value' }, headlineValue(m, value, report.method === 'exact')),
      h('span', { class: 'what' }, `${m.label} · ${how}`),
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
    this.tableChart.show(sweepCharts('table', sweep));
  }

  /** Resolves when the charts asked for last are drawn. */
  /** How long the last battle chart took to draw on the page's thread (ms). */
  chartDrawMs(): number {
    return this.charts.lastDrawMs;
  }

  chartsDrawn(): Promise<void> {
    return Promise.all([this.charts.drawn, this.tableChart.drawn]).then(() => undefined);
  }

  private clearProblems(): void {
    this.fieldProblems([]);
    fill(this.problemBox);
    this.answer.classList.remove('stale');
    this.peek.classList.remove('stale');
  }

  private render(report: BattleReport, interim: boolean, coming: Coming | null = null): void {
    this.showPeek(report, interim);
    this.answer.dataset.method = report.method;
    this.answer.dataset.partial = String(interim);
    fill(
      this.body,
      h(
        'div',
        { class: 'verdict' },
        report.verdict.map((line) => h('p', {}, line)),
        coming ? h('p', { class: 'coming' }, coming.message) : null,
        coming?.lines.length
          ? h(
              'div',
              { class: 'previous', 'aria-hidden': 'true' },
              coming.lines.map((line) => h('p', {}, line)),
            )
          : null,
      ),
      headline(report),
      report.notes.length > 0
        ? h(
            'ul',
            { class: 'notes' },
            report.notes.map((n) => h('li', {}, n)),
          )
        : null,
      metricsTable(report),
      report.tables.map(extraTable),
      coming?.tables.length
        ? h('div', { class: 'previous', 'aria-hidden': 'true' }, coming.tables.map(extraTable))
        : null,
    );
  }
}

/** The number alone is on the page: what is still coming, and the last whole answer's extras meanwhile. */
interface Coming {
  message: string;
  lines: string[];
  tables: BattleReport['tables'];
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
  return /(^|\s)--[a-z]/.test(report.label) ? asked.module.system.title.replace(/ \(.*$/, '') : report.label;
}
