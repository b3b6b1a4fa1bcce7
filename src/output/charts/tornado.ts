/**
 * A tornado chart: one row per knob, largest swing first; from the base value (a vertical line: the
 * battle as given) a bar to the headline one step down (blue) and one to one step up (orange), each
 * labelled at its end with the knob's value there. Rows, as a phone reads them.
 */
import type { TornadoChart } from '../../core/model/report.js';
import { FONT_SIZE, INK, PALETTE } from './theme.js';
import { axisFormat, plotScale } from './valueFormat.js';
import { axisTitleLines, leftAxisWidth, oneLine, type Built, type ChartRoom, type VegaLiteSpec } from './layout.js';

const ROW = { step: 30, plotWidth: 340, minPlot: 160, labelLimit: 220 } as const;
const STEPS = ['one step down', 'one step up'] as const;

export function tornadoBody(request: TornadoChart, room: ChartRoom): Built {
  const scale = plotScale(request.format);
  const categories = request.rows.map((r) => oneLine(r.category));
  const values = request.rows.flatMap((r, i) =>
    (
      [
        [STEPS[0], r.down, r.downLabel],
        [STEPS[1], r.up, r.upLabel],
      ] as const
    ).flatMap(([step, value, label]) =>
      value === null
        ? []
        : [{ category: categories[i], step, value: value * scale, base: request.base * scale, label: label ?? '' }],
    ),
  );
  const height = ROW.step * Math.max(1, categories.length);
  const left = leftAxisWidth(categories, 1, ROW.labelLimit);
  const plotWidth = Math.max(ROW.minPlot, Math.min(ROW.plotWidth, room.maxWidth - left - 40));
  const y = {
    field: 'category',
    type: 'nominal',
    scale: { domain: categories },
    title: null,
    axis: { labelLimit: ROW.labelLimit },
  };
  const x = {
    type: 'quantitative',
    title: axisTitleLines(request.valueTitle, plotWidth),
    axis: { format: axisFormat(request.format), tickCount: 5 },
    scale: { zero: false, nice: true },
  };
  const colour = {
    field: 'step',
    type: 'nominal',
    title: null,
    scale: { domain: [...STEPS], range: [PALETTE.blue, PALETTE.orange] },
    legend: { orient: 'top', direction: 'horizontal' },
  };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'bar', size: Math.round(ROW.step * 0.35), opacity: 0.9 },
      encoding: {
        y,
        yOffset: { field: 'step', sort: [...STEPS] },
        x: { ...x, field: 'value' },
        x2: { field: 'base' },
        color: colour,
      },
    },
    {
      data: { values: [{ base: request.base * scale }] },
      mark: { type: 'rule', color: INK.text, strokeWidth: 1.5 },
      encoding: { x: { ...x, field: 'base' } },
    },
    // Each bar's knob value at its far end: left of a bar going down, right of one going up.
    ...(['right', 'left'] as const).map((align) => ({
      transform: [{ filter: align === 'right' ? 'datum.value < datum.base' : 'datum.value >= datum.base' }],
      mark: { type: 'text', align, dx: align === 'right' ? -3 : 3, fontSize: FONT_SIZE.label - 1, color: INK.muted },
      encoding: {
        y,
        yOffset: { field: 'step', sort: [...STEPS] },
        x: { ...x, field: 'value' },
        text: { field: 'label' },
      },
    })),
  ];
  return {
    spec: { data: { values }, width: plotWidth, height, layer: layers },
    width: left + plotWidth + 40,
  };
}
