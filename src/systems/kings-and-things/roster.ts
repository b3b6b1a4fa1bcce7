/**
 * The bundled Kings & Things counter data (`data/kings-and-things/*.csv`, 1986 edition,
 * sources in that folder's README), loaded once, lazily, at run time.
 *
 * The data folder is found by walking up from this module's directory to the folder
 * holding `package.json`, so the same code works from `src/` (tsx, vitest) and from
 * the compiled `dist/src/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('kings-and-things: cannot find the project folder (no package.json above the module)');
    dir = parent;
  }
}

function readCsv(file: string): Record<string, string>[] {
  const path = join(projectRoot(), 'data', 'kings-and-things', file);
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = lines[0].split(',');
  // The files hold no quoted fields (checked when the data was copied in).
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

const bool = (s: string) => s === 'true';

let cached: Roster | null = null;

export function roster(): Roster {
  if (cached) return cached;
  const creatures = readCsv('kings-and-things-creatures.csv').map((r): RosterCreature => ({
    name: r.name,
    terrain: r.terrain,
    value: Number(r.combat_value),
    magic: bool(r.magic),
    ranged: bool(r.ranged),
    charge: bool(r.charge),
    flying: bool(r.flying),
    copies: Number(r.copies),
    kind: 'creature',
  }));
  const characters = readCsv('kings-and-things-special-characters.csv').map((r): RosterCreature => ({
    name: r.name,
    terrain: '',
    value: Number(r.combat_value),
    magic: bool(r.magic),
    ranged: bool(r.ranged),
    charge: bool(r.charge),
    flying: bool(r.flying),
    copies: 1,
    kind: 'character',
  }));
  const incomeCounters = readCsv('kings-and-things-buildings.csv')
    .filter((r) => r.kind === 'income')
    .map((r) => r.name);
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
