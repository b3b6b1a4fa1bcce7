/**
 * A turn's board drawn as a small graph (SVG), legible on a phone: each territory a disc in its owner's colour
 * with its armies (a fortress a square: walls), a star for a leader, a crown for a capitol, its name under it;
 * links as lines; each continent a tinted shape joining its territories, named with its bonus. The plan's marks
 * once the answer is in: the placement (+N beside a territory) and the attacks of the main line as arrows, the
 * first bold, the later ones dashed and numbered. Each territory is a button (a tap selects it).
 */
import type { TurnBoard } from '../turn/board.js';
import { layoutBoard, NODE_RADIUS, type BoardLayout } from '../turn/layout.js';

const SVG = 'http://www.w3.org/2000/svg';
const R = NODE_RADIUS;

/** The plan's marks on the board: reinforcements placed, and the main line's attacks in order. */
export interface PlanMarks {
  placement: Array<{ territory: string; armies: number }>;
  attacks: Array<{ from: string; to: string }>;
}

export interface DrawingState {
  board: TurnBoard;
  selected: number | null;
  /** Linking from the selected territory: the next tap links (or unlinks) another. */
  linking: boolean;
  marks: PlanMarks | null;
  /** Territories with a problem (by place). */
  bad: ReadonlySet<number>;
}

/** Players' colours (white numbers on each meet WCAG AA); a player not named by a colour takes the next free one. */
const COLOURS: Readonly<Record<string, string>> = {
  red: '#c62828',
  blue: '#1565c0',
  green: '#2e7d32',
  yellow: '#8a6a00',
  purple: '#6a1b9a',
  orange: '#b34700',
};
const SPARE = ['#00695c', '#ad1457', '#4e342e', '#37474f', '#283593', '#558b2f'];
/** Continents' tints, in order. */
const TINTS = ['#dde9f7', '#f9e6d3', '#dff0e1', '#eee0f5', '#f7efc9', '#d9efef'];
const ATTACK = '#b34700';
const PLACED = '#1b6e35';

/** Each player's colour on this board. */
export function playerColours(players: readonly string[]): Map<string, string> {
  const colours = new Map<string, string>();
  let spare = 0;
  for (const p of players) colours.set(p, COLOURS[p.toLowerCase()] ?? SPARE[spare++ % SPARE.length]);
  return colours;
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | undefined> = {},
  ...children: Array<SVGElement | string | null>
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) e.setAttribute(k, String(v));
  for (const c of children) if (c !== null) e.append(c);
  return e;
}

const round = (x: number) => Math.round(x * 10) / 10;

/** A link's path: straight between neighbouring rows or places; bowed where it would cross other territories. */
function linkGeometry(layout: BoardLayout, i: number, j: number) {
  const a = layout.places[i];
  const b = layout.places[j];
  const rows = Math.abs(a.row - b.row);
  const far = rows > 1 || (rows === 0 && Math.abs(a.x - b.x) > 100);
  if (!far) return { a, b, control: null as { x: number; y: number } | null };
  // Bowed to one side: perpendicular to the line, by a third of its length (at most 60).
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const bow = Math.min(60, length / 3);
  const control = { x: (a.x + b.x) / 2 - (dy / length) * bow, y: (a.y + b.y) / 2 + (dx / length) * bow };
  return { a, b, control };
}

function pathOf(
  g: ReturnType<typeof linkGeometry>,
  trimA = 0,
  trimB = 0,
): { d: string; mid: { x: number; y: number } } {
  const { a, b, control } = g;
  const towards = (p: { x: number; y: number }, q: { x: number; y: number }, by: number) => {
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: p.x + ((q.x - p.x) / len) * by, y: p.y + ((q.y - p.y) / len) * by };
  };
  const start = towards(a, control ?? b, trimA);
  const end = towards(b, control ?? a, trimB);
  if (!control)
    return {
      d: `M${round(start.x)} ${round(start.y)}L${round(end.x)} ${round(end.y)}`,
      mid: { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 },
    };
  return {
    d: `M${round(start.x)} ${round(start.y)}Q${round(control.x)} ${round(control.y)} ${round(end.x)} ${round(end.y)}`,
    mid: { x: 0.25 * a.x + 0.5 * control.x + 0.25 * b.x, y: 0.25 * a.y + 0.5 * control.y + 0.25 * b.y },
  };
}

/** A five-pointed star of outer radius r at (x, y). */
function star(x: number, y: number, r: number): string {
  const points: string[] = [];
  for (let k = 0; k < 10; k++) {
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    const radius = k % 2 === 0 ? r : r * 0.45;
    points.push(`${round(x + radius * Math.cos(angle))},${round(y + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

/** A crown of width 2r at (x, y). */
function crown(x: number, y: number, r: number): string {
  const p = (dx: number, dy: number) => `${round(x + dx * r)},${round(y + dy * r)}`;
  return [p(-1, 0.6), p(-1, -0.5), p(-0.5, 0), p(0, -0.8), p(0.5, 0), p(1, -0.5), p(1, 0.6)].join(' ');
}

/** The words a screen reader hears for a territory. */
export function territoryWords(board: TurnBoard, i: number, marks: PlanMarks | null): string {
  const t = board.territories[i];
  const whose = t.owner === board.me ? `yours (${t.owner})` : t.owner;
  const armies = Number.isFinite(t.armies) ? `${t.armies} ${t.armies === 1 ? 'army' : 'armies'}` : 'armies not given';
  const extras = [t.fortress && 'a fortress', t.leader && 'a leader', t.capitol && 'a capitol'].filter(Boolean);
  const placed = marks?.placement.find((p) => p.territory === t.name);
  const plan = placed ? `; the plan places ${placed.armies} here` : '';
  return `${t.name}: ${whose}, ${armies}${extras.length ? `, ${extras.join(', ')}` : ''}${plan}`;
}

/** The board as an SVG (a fresh element: the caller puts it in place). */
export function drawBoard(state: DrawingState): SVGSVGElement {
  const { board, marks } = state;
  const layout = layoutBoard(board);
  const index = new Map(board.territories.map((t, i) => [t.name, i]));
  const players = [...new Set([board.me, ...board.territories.map((t) => t.owner)])];
  const colours = playerColours(players);
  const svg = el('svg', {
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    class: 'board-svg',
    role: 'group',
    'aria-label': `The board: ${board.territories.length} territories; tap one to change it`,
    style: `max-width:${Math.round(layout.width * 1.3)}px`,
  });
  svg.append(
    el(
      'defs',
      {},
      el(
        'marker',
        {
          id: 'attack-head',
          viewBox: '0 0 10 10',
          refX: 8,
          refY: 5,
          markerWidth: 4,
          markerHeight: 4,
          orient: 'auto-start-reverse',
        },
        el('path', { d: 'M0 0L10 5L0 10z', fill: ATTACK }),
      ),
    ),
  );

  // Continents: a tinted shape over their territories and the links between them, named with the bonus.
  const continents = el('g', { class: 'continents', 'aria-hidden': 'true' });
  const labels = el('g', { class: 'continent-names', 'aria-hidden': 'true' });
  board.continents.forEach((c, k) => {
    const tint = TINTS[k % TINTS.length];
    const members = c.territories.map((name) => index.get(name)).filter((i): i is number => i !== undefined);
    if (members.length === 0) return;
    const shape = el('g', { fill: tint, stroke: tint });
    for (const i of members) {
      const p = layout.places[i];
      shape.append(el('circle', { cx: p.x, cy: p.y, r: R + 12 }));
    }
    for (const [a, b] of board.links) {
      const i = index.get(a);
      const j = index.get(b);
      if (i === undefined || j === undefined || !members.includes(i) || !members.includes(j)) continue;
      shape.append(
        el('path', {
          d: pathOf(linkGeometry(layout, i, j)).d,
          fill: 'none',
          'stroke-width': 2 * R + 24,
          'stroke-linecap': 'round',
        }),
      );
    }
    continents.append(shape);
    // Named under its lowest territory's name (the leftmost of them), inside its shape.
    const [low] = [...members].sort(
      (i, j) => layout.places[j].y - layout.places[i].y || layout.places[i].x - layout.places[j].x,
    );
    const p = layout.places[low];
    labels.append(el('text', { x: p.x, y: p.y + R + 31, class: 'continent-name' }, `${c.name} +${c.bonus}`));
  });
  svg.append(continents);

  // Links.
  const links = el('g', { class: 'links', 'aria-hidden': 'true' });
  for (const [a, b] of board.links) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined || i === j) continue;
    links.append(el('path', { d: pathOf(linkGeometry(layout, i, j)).d, class: 'link' }));
  }
  svg.append(links);

  // The main line's attacks: the first bold, the rest dashed, each numbered.
  const attacks = el('g', { class: 'attacks', 'aria-hidden': 'true' });
  marks?.attacks.forEach((attack, k) => {
    const i = index.get(attack.from);
    const j = index.get(attack.to);
    if (i === undefined || j === undefined) return;
    const { d, mid } = pathOf(linkGeometry(layout, i, j), R + 3, R + 5);
    attacks.append(
      el('path', {
        d,
        class: k === 0 ? 'attack first' : 'attack',
        'marker-end': 'url(#attack-head)',
        'data-from': attack.from,
        'data-to': attack.to,
      }),
      el('circle', { cx: round(mid.x), cy: round(mid.y), r: 9, fill: ATTACK }),
      el('text', { x: round(mid.x), y: round(mid.y) + 4.5, class: 'attack-step' }, String(k + 1)),
    );
  });

  // Territories.
  const territories = el('g', { class: 'territories' });
  board.territories.forEach((t, i) => {
    const p = layout.places[i];
    const colour = colours.get(t.owner) ?? SPARE[0];
    const selected = state.selected === i;
    const g = el('g', {
      class: `territory${selected ? ' selected' : ''}${state.bad.has(i) ? ' bad' : ''}`,
      'data-index': i,
      'data-name': t.name,
      'data-param': `turn-t-${i}`,
      'data-key': `territory-${i}`,
      role: 'button',
      tabindex: 0,
      'aria-pressed': selected ? 'true' : 'false',
      'aria-label': territoryWords(board, i, marks),
      'aria-invalid': state.bad.has(i) ? 'true' : undefined,
    });
    // The tap target: a little larger than the disc.
    g.append(el('circle', { cx: p.x, cy: p.y, r: R + 8, class: 'hit' }));
    if (selected || state.bad.has(i))
      g.append(el('circle', { cx: p.x, cy: p.y, r: R + 6, class: state.bad.has(i) ? 'ring bad' : 'ring' }));
    g.append(
      t.fortress
        ? el('rect', { x: p.x - R, y: p.y - R, width: 2 * R, height: 2 * R, rx: 4, fill: colour, class: 'disc' })
        : el('circle', { cx: p.x, cy: p.y, r: R, fill: colour, class: 'disc' }),
    );
    g.append(
      el('text', { x: p.x, y: p.y + 6, class: 'armies' }, Number.isFinite(t.armies) ? String(t.armies) : '?'),
      el('text', { x: p.x, y: p.y + R + 15, class: t.owner === board.me ? 'name mine' : 'name' }, t.name),
    );
    if (t.leader) g.append(el('polygon', { points: star(p.x + R - 2, p.y - R + 2, 9), class: 'mark leader' }));
    if (t.capitol) g.append(el('polygon', { points: crown(p.x - R + 2, p.y - R + 2, 8), class: 'mark capitol' }));
    const placed = marks?.placement.find((x) => x.territory === t.name);
    if (placed) {
      const label = `+${placed.armies}`;
      const w = 10 + 8 * label.length;
      g.append(
        el('rect', {
          x: round(p.x + R - 3),
          y: p.y + 2,
          width: w,
          height: 20,
          rx: 10,
          fill: PLACED,
          class: 'placed',
        }),
        el('text', { x: round(p.x + R - 3 + w / 2), y: p.y + 16.5, class: 'placed-text' }, label),
      );
    }
    territories.append(g);
  });
  // The attacks under the territories (their names, haloed, stay legible), the continents' names over all.
  svg.append(attacks, territories, labels);
  return svg;
}
