/**
 * The battle entry of each rule system as a TypeScript type, inferred from its zod schema:
 * the schema's input (fields with a default may be left out), so `odds('landgrab', {...})`
 * and a scenario object are checked by the compiler against the same schema the run
 * validates with (a misspelt key or system id fails `tsc`, not only the run).
 */
import type { z } from 'zod';
import type { landgrabSchemas } from '../systems/landgrab/schema.js';
import type { kingsAndThingsEntrySchema } from '../systems/kings-and-things/schema.js';
import type { advancedCivilizationEntrySchema } from '../systems/advanced-civilization/schema.js';
import type { princesAndQueensEntrySchema } from '../systems/princes-and-queens/schema.js';
import type { scenarioSchema } from '../engine/validate/scenario.js';
import type { solveForSchema } from '../engine/validate/solveForSpec.js';

/** Every system's id (systems.ts lists the same ids; test/library/library.test.ts checks they agree). */
export const SYSTEM_IDS = ['landgrab', 'kings-and-things', 'advanced-civilization', 'princes-and-queens'] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

type AdvCivInput = z.input<ReturnType<typeof advancedCivilizationEntrySchema>>;
type NationInput = AdvCivInput['nations'][number];

/**
 * The entries by system id. Advanced Civilization's first nation may leave out its tokens when
 * the question has a target ("how many tokens do I need?", RuleSystem.force); the run refuses
 * an entry without them otherwise, as it does for a LandGrab entry without attackers.
 */
export interface SystemEntries {
  landgrab: z.input<ReturnType<typeof landgrabSchemas>['landgrabEntrySchema']>;
  'kings-and-things': z.input<ReturnType<typeof kingsAndThingsEntrySchema>>;
  'advanced-civilization': Omit<AdvCivInput, 'nations'> & {
    nations: (Omit<NationInput, 'tokens'> & Partial<Pick<NationInput, 'tokens'>>)[];
  };
  'princes-and-queens': z.input<ReturnType<typeof princesAndQueensEntrySchema>>;
}

/** The battle entry of a system, as a scenario file's battle or `odds(system, entry)` takes it. */
export type EntryOf<S extends SystemId> = SystemEntries[S];

/** Counts down the depth of NumericPath (entries nest a few levels: `players.0.creatures.2.hits`). */
type Deeper = [never, 0, 1, 2, 3, 4, 5, 6];

/**
 * The dotted paths of a type's numeric fields, numeric parts indexing lists (`fortressBonus`,
 * `path.1.defenders`, `defender.creatures.2.hits`, `nations.0.armies`): fields that hold a number or
 * take one in place of their text (a Kings & Things fort by level), written or left at their default.
 * What `--solve-for` and `question.solveFor` take (engine/validate/fields.ts finds the same at run time).
 *
 * @example
 * const field: NumericPath<EntryOf<'landgrab'>> = 'fortressBonus';
 */
export type NumericPath<T, D extends number = 6> = [D] extends [never]
  ? never
  : T extends readonly (infer E)[]
    ? PathStep<`${number}`, E, D>
    : T extends object
      ? { [K in keyof T & string]-?: PathStep<K, T[K], D> }[keyof T & string]
      : never;

type PathStep<K extends string, V, D extends number> =
  | ([Extract<NonNullable<V>, number>] extends [never] ? never : K)
  | (NonNullable<V> extends infer W ? (W extends object ? `${K}.${NumericPath<W, Deeper[D]>}` : never) : never);

/** A system's battle field a solve may move: `NumericPath` of its entry. */
export type SolveField<S extends SystemId> = NumericPath<EntryOf<S>>;

/**
 * A scenario file's contents for one system: its battles are that system's entries (a sweep's
 * `base` and `set` are partial entries, checked when the scenario runs).
 */
export type ScenarioOf<S extends SystemId> = Omit<z.input<typeof scenarioSchema>, 'system' | 'battles'> & {
  system: S;
  /** Each battle may also ask for a field's value at which its headline reaches a target (engine/solve/). */
  battles?: (EntryOf<S> & { solveFor?: z.input<typeof solveForSchema> })[];
};

/** A scenario file's contents, for any system (`runScenario(object)` takes it). */
export type ScenarioInput = { [S in SystemId]: ScenarioOf<S> }[SystemId];

// Every id has an entry type and every entry type an id: a compile error here otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const entriesMatchIds: Same<keyof SystemEntries, SystemId> = true;
void entriesMatchIds;
