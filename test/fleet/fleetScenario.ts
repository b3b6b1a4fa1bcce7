/** The fleet tests' scenario (small: each run of it is quick) and how many chunks a run of it has. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkSizeFor, chunkTrials } from '../../src/core/engine/sample/chunking.js';
import { ROOT } from '../helpers/cli.js';

export const SCENARIO = 'test/fleet/fleet-scenario.json';

const document = JSON.parse(readFileSync(path.join(ROOT, SCENARIO), 'utf8'));
const axis = document.sweep.axes.attackers as { from: number; to: number; step: number };
/** Units: each battle, and each cell of the sweep (its variants are paired in one unit). */
const units = document.battles.length + Math.floor((axis.to - axis.from) / axis.step) + 1;

/** The chunks of a run of the scenario: its trials cut as every run cuts them, in every unit. */
export const CHUNKS = units * chunkTrials(document.trials, chunkSizeFor(document.trials)).length;
