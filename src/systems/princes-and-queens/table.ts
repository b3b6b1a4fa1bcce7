/** The table of attack outcomes across distances, terrain and defenders, and its heatmap. */
import { resolveAttack, type Defence, type PrinceFloor, type TieReading, type Terrain } from './values.js';

export interface AttackTableRow {
  attackingPrinces: number;
  terrain: Terrain;
  attackerDistance: number;
  defender: string;
  defenderDistance: number | null;
  withCity: boolean;
  attackerValue: number;
  defenderValue: number;
  margin: number;
  possible: boolean;
}

/** Defenders tabulated: a Prince at each distance (alone and with a City), a Queen, a City, a Queen with a City. */
function defenders(terrain: Terrain, maxDistance: number): Array<{ name: string; defence: Defence }> {
  const list: Array<{ name: string; defence: Defence }> = [];
  for (let d = 1; d <= maxDistance; d++)
    list.push({ name: `Prince at ${d}`, defence: { kind: 'prince', terrain, distance: d, withCity: false } });
  for (let d = 1; d <= maxDistance; d++)
    list.push({ name: `Prince at ${d} + City`, defence: { kind: 'prince', terrain, distance: d, withCity: true } });
  list.push({ name: 'Queen', defence: { kind: 'queen', terrain, withCity: false } });
  list.push({ name: 'City', defence: { kind: 'city', terrain, withCity: false } });
  list.push({ name: 'Queen + City', defence: { kind: 'queen', terrain, withCity: true } });
  return list;
}

export function attackTable(maxDistance: number, ties: TieReading, floor: PrinceFloor = 'zero'): AttackTableRow[] {
  const rows: AttackTableRow[] = [];
  for (const princes of [1, 2] as const) {
    for (const terrain of ['plain', 'mountain'] as const) {
      for (const { name, defence } of defenders(terrain, maxDistance)) {
        for (let a = 1; a <= maxDistance; a++) {
          const r = resolveAttack(princes, a, defence, ties, floor);
          rows.push({
            attackingPrinces: princes,
            terrain,
            attackerDistance: a,
            defender: name,
            defenderDistance: defence.distance ?? null,
            withCity: defence.withCity,
            attackerValue: r.attackerValue,
            defenderValue: r.defenderValue,
            margin: r.margin,
            possible: r.possible,
          });
        }
      }
    }
  }
  return rows;
}

/**
 * Heatmap of attack minus defence per attacker distance and defender: a diverging,
 * colour-blind-safe scheme centred on 0 (blue: the attack is short, orange: it is ahead),
 * with the margin and a mark for possible / not possible written in each cell.
 */
export function attackHeatmap(rows: AttackTableRow[], title: string, ties: TieReading): Record<string, unknown> {
  const order = [...new Set(rows.map((r) => r.defender))];
  const extreme = Math.max(1, ...rows.map((r) => Math.abs(r.margin)));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: title,
      subtitle: [
        'Colour and number: attack value minus defence value (points).',
        `✓ the attack is possible and wins, ✗ not possible (equal values: ${ties === 'attacker-wins' ? 'attacker wins' : 'not possible'}).`,
      ],
    },
    data: {
      values: rows.map((r) => ({
        princes: r.attackingPrinces === 1 ? 'one Prince attacks' : 'two Princes attack',
        terrain: `${r.terrain} hex`,
        attackerDistance: r.attackerDistance,
        defender: r.defender,
        margin: r.margin,
        label: `${r.possible ? '✓' : '✗'}${r.margin > 0 ? '+' : ''}${r.margin}`,
      })),
    },
    facet: {
      column: {
        field: 'terrain',
        type: 'nominal',
        title: null,
        sort: ['plain hex', 'mountain hex'],
        header: { labelFontSize: 13 },
      },
      row: { field: 'princes', type: 'nominal', title: null, header: { labelFontSize: 13 } },
    },
    spec: {
      width: 210,
      height: 340,
      encoding: {
        x: {
          field: 'attackerDistance',
          type: 'ordinal',
          title: 'Attacker: hexes to his Queen',
          axis: { labelAngle: 0 },
        },
        y: { field: 'defender', type: 'nominal', title: 'Defender (Prince: hexes to his Queen)', sort: order },
      },
      layer: [
        {
          mark: 'rect',
          encoding: {
            color: {
              field: 'margin',
              type: 'quantitative',
              title: 'Attack − defence',
              scale: { scheme: 'blueorange', domain: [-extreme, extreme], domainMid: 0 },
              legend: { titleLimit: 200 },
            },
          },
        },
        {
          mark: { type: 'text', fontSize: 9 },
          encoding: {
            text: { field: 'label', type: 'nominal' },
            color: {
              condition: { test: `abs(datum.margin) > ${(extreme * 0.45).toFixed(2)}`, value: 'white' },
              value: 'black',
            },
          },
        },
      ],
    },
    config: { font: 'DejaVu Sans', view: { stroke: null } },
  };
}
