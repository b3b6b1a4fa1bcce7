/** The table of attack outcomes across distances, terrain and defenders, and its heatmap. */
import { resolveAttack, type Defence, type TieReading, type Terrain } from './values.js';

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
  for (let d = 1; d <= maxDistance; d++) list.push({ name: `Prince at ${d}`, defence: { kind: 'prince', terrain, distance: d, withCity: false } });
  for (let d = 1; d <= maxDistance; d++) list.push({ name: `Prince at ${d} + City`, defence: { kind: 'prince', terrain, distance: d, withCity: true } });
  list.push({ name: 'Queen', defence: { kind: 'queen', terrain, withCity: false } });
  list.push({ name: 'City', defence: { kind: 'city', terrain, withCity: false } });
  list.push({ name: 'Queen + City', defence: { kind: 'queen', terrain, withCity: true } });
  return list;
}

export function attackTable(maxDistance: number, ties: TieReading): AttackTableRow[] {
  const rows: AttackTableRow[] = [];
  for (const princes of [1, 2] as const) {
    for (const terrain of ['plain', 'mountain'] as const) {
      for (const { name, defence } of defenders(terrain, maxDistance)) {
        for (let a = 1; a <= maxDistance; a++) {
          const r = resolveAttack(princes, a, defence, ties);
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

export function attackHeatmap(rows: AttackTableRow[], title: string, ties: TieReading): Record<string, unknown> {
  const order = [...new Set(rows.map((r) => r.defender))];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: title,
      subtitle: `Colour: attack value minus defence value. Mark: ✓ attack possible and wins, ✗ not possible (equal values: ${ties === 'attacker-wins' ? 'attacker wins' : 'not possible'})`,
    },
    data: {
      values: rows.map((r) => ({
        princes: r.attackingPrinces === 1 ? 'one Prince attacks' : 'two Princes attack',
        terrain: r.terrain,
        attackerDistance: r.attackerDistance,
        defender: r.defender,
        margin: r.margin,
        mark: r.possible ? '✓' : '✗',
      })),
    },
    facet: {
      column: { field: 'terrain', type: 'nominal', title: 'Terrain of the attacked hex', sort: ['plain', 'mountain'] },
      row: { field: 'princes', type: 'nominal', title: null },
    },
    spec: {
      width: 180,
      height: 340,
      encoding: {
        x: { field: 'attackerDistance', type: 'ordinal', title: "Attacker's distance to his Queen (hexes)" },
        y: { field: 'defender', type: 'nominal', title: 'Defender (Prince: distance to his Queen, hexes)', sort: order },
      },
      layer: [
        { mark: 'rect', encoding: { color: { field: 'margin', type: 'quantitative', title: 'Value margin (points)', scale: { scheme: 'viridis' } } } },
        {
          mark: { type: 'text', fontSize: 10 },
          encoding: { text: { field: 'mark', type: 'nominal' }, color: { condition: { test: 'datum.margin > 0', value: 'black' }, value: 'white' } },
        },
      ],
    },
    config: { font: 'DejaVu Sans', view: { stroke: null } },
  };
}
