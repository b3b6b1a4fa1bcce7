/**
 * Charts on the page: Vega-Lite specs drawn by vega-embed, which loads on the first chart
 * (it is most of the page's weight, and the number must not wait for it). Drawing waits
 * until the answer has been still for a moment, so typing never queues chart work.
 */
import type { VegaLiteSpec } from '../charts/adapter.js';
import { fill, h } from './dom.js';

type Finalizable = { finalize(): void };

export class ChartArea {
  private views: Finalizable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  /** How long the last drawing took on the page's thread (ms). */
  lastDrawMs = 0;
  /** Resolves when the last requested charts are drawn, or given up for newer ones (tests wait on it). */
  drawn: Promise<void> = Promise.resolve();
  /** Resolves `drawn` of charts not drawn yet (replaced or cleared before their turn). */
  private settle: () => void = () => undefined;

  constructor(
    private readonly element: HTMLElement,
    private readonly delayMs = 120,
  ) {}

  /** Draws these charts after the delay, replacing the current ones; a newer call wins. */
  show(specs: VegaLiteSpec[], delayMs = this.delayMs): void {
    const generation = ++this.generation;
    clearTimeout(this.timer);
    this.settle();
    this.drawn = new Promise<void>((resolve) => {
      this.settle = resolve;
      this.timer = setTimeout(() => {
        this.draw(specs, generation).then(resolve, (error: unknown) => {
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
    this.finalize();
    fill(this.element);
  }

  private async draw(specs: VegaLiteSpec[], generation: number): Promise<void> {
    const { default: embed } = await import('vega-embed');
    if (generation !== this.generation) return;
    this.finalize();
    // In the page before drawing, so charts as wide as their container know that width.
    const boxes = specs.map((spec) => h('figure', { class: 'chart', 'aria-label': titleOf(spec) }));
    fill(this.element, boxes);
    const started = performance.now();
    // SVG (readable by assistive technology, sharp when zoomed); canvas for charts of many marks, which draws faster.
    const made = await Promise.all(
      specs.map((spec, i) =>
        embed(boxes[i], spec as never, { actions: false, renderer: points(spec) > MANY_POINTS ? 'canvas' : 'svg' }),
      ),
    );
    this.lastDrawMs = performance.now() - started;
    // Drawn: each box as tall as its chart (the room kept for it meanwhile is no longer needed).
    for (const box of boxes) box.classList.add('drawn');
    if (generation !== this.generation) {
      for (const m of made) m.finalize();
      return;
    }
    this.views = made;
  }

  private finalize(): void {
    for (const view of this.views) view.finalize();
    this.views = [];
  }
}

const MANY_POINTS = 600;

/** Data points of a spec (its layers' and panels' inline values). */
function points(spec: VegaLiteSpec): number {
  const data = (spec.data as { values?: unknown[] } | undefined)?.values?.length ?? 0;
  const panels = (spec.vconcat as VegaLiteSpec[] | undefined) ?? [];
  return data + panels.reduce((n, p) => n + points(p), 0);
}

function titleOf(spec: VegaLiteSpec): string {
  const title = spec.title as { text?: string } | string | undefined;
  return `Chart: ${typeof title === 'string' ? title : (title?.text ?? 'answer')}`;
}
