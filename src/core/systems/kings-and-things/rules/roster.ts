/**
 * The bundled Kings & Things counter data (`data/kings-and-things/*.csv`, 1986 edition,
 * sources in that folder's README), parsed once, lazily. The CSV text comes from
 * rosterData.ts, generated from those files (scripts/roster-data.mjs), so the rule system
 * reads no files and runs in a browser as well as in Node.
 */
import { BUILDINGS_CSV, CHARACTERS_CSV, CREATURES_CSV } from './rosterData.js';

export interface RosterCreature {
  name: string;
  terrain: string;
  value: number;
  magic: boolean;
  ranged: boolean;
  charge: boolean;
  flying: boolean;
  /** Copies of this counter in the cup (special characters: 1, never in the cup). */
  copies: number;
  kind: 'creature' | 'character';
}

export interface Roster {
  creatures: RosterCreature[];
  characters: RosterCreature[];
  /** Special income counter names (they only take part in the post-battle roll). */
  incomeCounters: string[];
  /** Non-creature counters in the 1986 cup (income, treasure, events, magic items): 184 - 147. */
  otherCupCounters: number;
}

/** From the data README: 184 counters in the 1986 cup, 147 of them creatures. */
const CUP_TOTAL_1986 = 184;

function readCsv(text: string): Array<Map<string, string>> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0].split(',');
  // The files hold no quoted fields (checked when the data was copied in).
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return new Map(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

const bool = (s: string | undefined) => s === 'true';

let cached: Roster | null = null;

export function roster(): Roster {
  if (cached) return cached;
  const creatures = readCsv(CREATURES_CSV).map((r): RosterCreature => ({
    name: r.get('name') ?? '',
    terrain: r.get('terrain') ?? '',
    value: Number(r.get('combat_value')),
    magic: bool(r.get('magic')),
    ranged: bool(r.get('ranged')),
    charge: bool(r.get('charge')),
    flying: bool(r.get('flying')),
    copies: Number(r.get('copies')),
    kind: 'creature',
  }));
  const characters = readCsv(CHARACTERS_CSV).map((r): RosterCreature => ({
    name: r.get('name') ?? '',
    terrain: '',
    value: Number(r.get('combat_value')),
    magic: bool(r.get('magic')),
    ranged: bool(r.get('ranged')),
    charge: bool(r.get('charge')),
    flying: bool(r.get('flying')),
    copies: 1,
    kind: 'character',
  }));
  const incomeCounters = readCsv(BUILDINGS_CSV)
    .filter((r) => r.get('kind') === 'income')
    .map((r) => r.get('name') ?? '');
  const creatureCopies = creatures.reduce((s, c) => s + c.copies, 0);
  cached = { creatures, characters, incomeCounters, otherCupCounters: CUP_TOTAL_1986 - creatureCopies };
  return cached;
}

/** Roster entries (creatures, then special characters) whose name matches, case-insensitively. */
export function lookUp(name: string): RosterCreature[] {
  const key = name.trim().toLowerCase();
  const r = roster();
  return [...r.creatures, ...r.characters].filter((c) => c.name.toLowerCase() === key);
}

/** The short stat code of a counter: value, then `*` magic, `R` ranged, `C` charge, `F` flying. */
export function statCode(c: Pick<RosterCreature, 'value' | 'magic' | 'ranged' | 'charge' | 'flying'>): string {
  return `${c.value}${c.magic ? '*' : ''}${c.ranged ? 'R' : ''}${c.charge ? 'C' : ''}${c.flying ? 'F' : ''}`;
}
