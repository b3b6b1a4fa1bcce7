/**
 * Charts on the page: Vega-Lite specs drawn to SVG in the chart worker (workers/chartJob.ts),
 * which loads the chart library on the first chart (it is most of the page's weight, and the
 * number must not wait for it); the page's thread only puts each SVG in place, one chart per
 * task. Drawing waits until the answer has been still for a moment, so typing never queues
 * chart work; newer charts replace older ones, whose drawings are thrown away.
 */
import type { ChartRequest } from '../../core/model/report.js';
import type { ChartRoom } from '../charts/adapter.js';
import type { DrawReply, DrawRequest } from '../workers/protocol.js';
import { startWorker, type PageWorker } from '../workers/start.js';
import { fill, h } from './dom.js';

type ChartWorker = PageWorker<DrawRequest, DrawReply>;

/** The one chart worker every chart area shares, started on the first chart; its replies by id. */
const drawer = {
  worker: null as ChartWorker | null,
  nextId: 1,
  waiting: new Map<number, (reply: DrawReply) => void>(),
  draw(charts: ChartRequest[], room: ChartRoom): Promise<DrawReply> {
    const id = this.nextId++;
    if (!this.worker) {
      const worker = startWorker<DrawRequest, DrawReply>('battle-odds charts');
      worker.onmessage = (event) => {
        const done = this.waiting.get(event.data.id);
        this.waiting.delete(event.data.id);
        done?.(event.data);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        worker.terminate();
        this.worker = null;
        for (const [id, done] of this.waiting) done({ id, error: event.message || 'the chart worker failed' });
        this.waiting.clear();
      };
      this.worker = worker;
    }
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker?.postMessage({ id, charts, room });
    });
  },
};

/** The next task: what the page's thread does between two charts (a tap in between is served first). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ChartArea {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  /** How long the last drawing took on the page's thread (ms): putting the SVGs in place. */
  lastDrawMs = 0;
  /** Resolves when the last requested charts are drawn, or given up for newer ones (tests wait on it). */
  drawn: Promise<void> = Promise.resolve();
  /** Resolves `drawn` of charts not drawn yet (replaced or cleared before their turn). */
  private settle: () => void = () => undefined;

  constructor(
    private readonly element: HTMLElement,
    private readonly delayMs = 120,
  ) {}

  /**
   * Draws these charts (`charts()` gives their requests, asked for when the drawing starts) in the
   * room given, after the delay, replacing the current ones; a newer call wins.
   */
  show(charts: () => ChartRequest[], room: ChartRoom, delayMs = this.delayMs): void {
    const generation = ++this.generation;
    clearTimeout(this.timer);
    this.settle();
    this.drawn = new Promise<void>((resolve) => {
      this.settle = resolve;
      this.timer = setTimeout(() => {
        this.draw(charts(), room, generation).then(resolve, (error: unknown) => {
          fill(this.element, h('p', { class: 'error' }, `The chart could not be drawn: ${String(error)}`));
          resolve();
        });
      }, delayMs);
    });
  }

  clear(): void {
    ++this.generation;
    clearTimeout(this.timer);
    this.settle();
    fill(this.element);
  }

  private async draw(charts: ChartRequest[], room: ChartRoom, generation: number): Promise<void> {
    if (charts.length === 0) return fill(this.element);
    const reply = await drawer.draw(charts, room);
    if (generation !== this.generation) return;
    if ('error' in reply) throw new Error(reply.error);
    // Put in place in the next task: the worker's reply is one task, each chart another.
    await nextTask();
    if (generation !== this.generation) return;
    const boxes = reply.svgs.map(({ title }) => h('figure', { class: 'chart', role: 'img', 'aria-label': title }));
    fill(this.element, boxes);
    let spent = 0;
    for (let i = 0; i < boxes.length; i++) {
      if (i > 0) await nextTask();
      if (generation !== this.generation) return;
      const started = performance.now();
      const svg = svgElement(reply.svgs[i].svg);
      if (svg) boxes[i].append(svg);
      boxes[i].classList.add('drawn');
      spent += performance.now() - started;
    }
    this.lastDrawMs = spent;
  }
}

/**
 * The worker's SVG text as an element: parsed as SVG (not HTML), and nothing in it that could
 * run (vega draws none; the charts' text comes from the question, so this is the last guard).
 */
function svgElement(text: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg') return null;
  for (const bad of svg.querySelectorAll('script, foreignObject')) bad.remove();
  for (const e of [svg, ...svg.querySelectorAll('*')])
    for (const attr of [...e.attributes])
      if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) e.removeAttribute(attr.name);
  return document.importNode(svg, true) as unknown as SVGSVGElement;
}
