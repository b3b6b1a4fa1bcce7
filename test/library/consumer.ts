/**
 * A TypeScript consumer of the installed package (test/library/package.test.ts copies it into an
 * empty folder and runs tsc on it): the entries and system ids it may pass, and, on the lines
 * after `@ts-expect-error`, what the compiler must refuse (an unused expectation fails the check).
 * It compiles against the installed package, so `npm run typecheck` leaves it out (tsconfig.check.json).
 */
import {
  bundledScenario,
  odds,
  runScenario,
  type BattleReport,
  type EntryOf,
  type ScenarioInput,
  type SolveField,
  type SystemId,
} from 'battle-odds';

// Every system's entry, as a scenario file writes it (fields with a default left out).
const report: BattleReport = await odds('landgrab', { attackers: 12, defenders: 8, fortress: true });
await odds('kings-and-things', { attacker: { creatures: ['Giant:4'] }, defender: { creatures: ['Ogre:2'] } });
await odds('advanced-civilization', {
  limit: 3,
  nations: [
    { name: 'Egypt', tokens: 4 },
    { name: 'Crete', tokens: { min: 1, max: 3 } },
  ],
});
await odds('princes-and-queens', { distance: 2, terrain: 'plain', defender: 'prince', defenderDistance: 1 });
// "How many do I need?": the attacking force left out, with a target.
await odds('landgrab', { defenders: 9, fortress: true }, { question: { target: 0.8 } });
await odds(
  'advanced-civilization',
  { limit: 3, nations: [{ name: 'A' }, { name: 'B', tokens: 2 }] },
  { question: { target: 0.8 } },
);

// @ts-expect-error a misspelt key of the entry
await odds('landgrab', { attackers: 12, defenders: 8, fortres: true });
// @ts-expect-error a misspelt system id
await odds('landgrabb', { attackers: 12, defenders: 8 });
// @ts-expect-error a value of the wrong type
await odds('landgrab', { attackers: '12', defenders: 8 });
// @ts-expect-error a value the schema does not list
await odds('landgrab', { attackers: 12, defenders: 8, ties: 'nobody' });
// @ts-expect-error another system's entry
await odds('princes-and-queens', { attackers: 12, defenders: 8 });

// A battle type's own fields: a chain has a path, not defenders.
const chain: EntryOf<'landgrab'> = { type: 'chain', attackers: 10, path: [{ defenders: 3 }, { defenders: 2 }] };
// @ts-expect-error a chain's territories are its path
const wrongChain: EntryOf<'landgrab'> = { type: 'chain', attackers: 10, defenders: 3 };

// A scenario: a path (a bundled one by name) or a scenario file's contents, its battles typed by its system.
await runScenario(bundledScenario('landgrab-chain'), { method: 'exact' });
const scenario: ScenarioInput = { name: 'typed', system: 'landgrab', trials: 1000, battles: [chain] };
await runScenario(scenario);
// @ts-expect-error a battle with a misspelt key
await runScenario({ name: 'typed', system: 'landgrab', battles: [{ attackers: 5, defenders: 3, fortres: true }] });
// @ts-expect-error an unknown key of the scenario
await runScenario({ name: 'typed', system: 'landgrab', trails: 1000, battles: [chain] });

// A field to solve for is one of the battle's numeric paths, written or left at its default.
await odds('landgrab', { attackers: 12, defenders: 8, fortress: true }, { question: { solveFor: 'fortressBonus' } });
await odds(
  'kings-and-things',
  { attacker: { creatures: ['Giant:4'] }, defender: { creatures: [{ name: 'Troll', value: 4 }], fort: 'tower' } },
  { question: { solveFor: 'defender.creatures.0.hits', target: 0.5, solveRange: [1, 4] } },
);
await odds(
  'kings-and-things',
  { attacker: { creatures: ['Giant:4'] }, defender: {} },
  { question: { solveFor: 'defender.fort' } },
);
await odds(
  'advanced-civilization',
  {
    limit: 3,
    nations: [
      { name: 'A', tokens: 4 },
      { name: 'B', tokens: 2 },
    ],
  },
  {
    question: { solveFor: 'nations.1.armies', sensitivity: true },
  },
);
// @ts-expect-error a misspelt field to solve for
await odds('landgrab', { attackers: 12, defenders: 8 }, { question: { solveFor: 'fortresBonus' } });
// @ts-expect-error a field that is no number (ties is text)
await odds('landgrab', { attackers: 12, defenders: 8 }, { question: { solveFor: 'ties' } });
const field: SolveField<'landgrab'> = 'path.1.defenders';

const system: SystemId = 'kings-and-things';
// @ts-expect-error not a system id
const notSystem: SystemId = 'risk';

// Guards the check itself: were the shipped types to resolve to any, this line would not be an error.
const headline: string = report.headline;
// @ts-expect-error the headline is a string
const wrong: number = report.headline;

export { headline, wrong, wrongChain, system, notSystem, field };
