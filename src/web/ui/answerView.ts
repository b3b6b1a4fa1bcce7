/**
 * The answer side of the page: status line and progress bar, verdict, headline, metrics,
 * notes, the system's tables, charts, and the command line that gives the same numbers.
 * A question with a problem greys the last answer out (it answers the previous question)
 * and puts the problem on its field.
 */
import type { BattleReport, SweepReport } from '../../engine/report.js';
import type { AnswerView } from '../answer/asker.js';
import type { AskedQuestion, Problem } from '../question/toQuestion.js';
import { cliCommand } from '../question/command.js';
import { battleCharts, sweepCharts } from '../charts/adapter.js';
import { thousands } from '../../kit/format.js';
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
      this.charts.show(battleCharts(interim), 0);
    }
  }

  answered(asked: AskedQuestion, report: BattleReport, latencyMs: number, offThread = false): void {
    this.clearProblems();
    this.bar.hidden = true;
    this.answer.removeAttribute('aria-busy');
    this.status.textContent = methodLine(report, this.threads);
    this.render(report, false);
    // One unbreakable span per word: a line may break between words, never inside `--defenders`.
    fill(
      this.command,
      cliCommand(asked, report)
        .split(' ')
        .flatMap((word, i) => [i > 0 ? ' ' : '', h('span', {}, word)]),
    );
    // Screen readers hear the finished answer only, not every interim estimate.
    this.announce.textContent = report.verdict[0] ?? '';
    this.lastReport = report;
    this.answer.dataset.latencyMs = latencyMs.toFixed(1);
    this.answer.dataset.solved = report.method === 'exact' ? (offThread ? 'worker' : 'page') : 'sampled';
    // And once it is painted: the next frame starts after the browser drew this one.
    const changedAt = performance.now() - latencyMs;
    requestAnimationFrame(() => (this.answer.dataset.paintedMs = (performance.now() - changedAt).toFixed(1)));
    this.answer.dataset.answers = String(Number(this.answer.dataset.answers ?? 0) + 1);
    this.charts.show(battleCharts(report));
    this.lastInterimChart = 0;
  }

  failed(error: Error): void {
    fill(this.problemBox, h('p', {}, `Something went wrong: ${error.message}`));
    this.answer.classList.add('stale');
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

  private render(report: BattleReport, interim: boolean): void {
    this.showPeek(report, interim);
    this.answer.dataset.method = report.method;
    this.answer.dataset.partial = String(interim);
    fill(
      this.body,
      h(
        'div',
        { class: 'verdict' },
        report.verdict.map((line) => h('p', {}, line)),
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
    );
  }
}
