import seedrandom from 'seedrandom';
import { Xoshiro128, type RngState } from './xoshiro128.js';

/**
 * Turn a user's seed (any string or number) into a xoshiro128** state.
 * seedrandom's ARC4 is deterministic across processes for string seeds; numbers
 * are seeded by their decimal text so `--seed 42` and `"seed": "42"` agree.
 */
export function stateFromSeed(seed: string | number): RngState {
  const arc4 = seedrandom(String(seed));
  const words: number[] = [];
  for (let i = 0; i < 4; i++) words.push(arc4.int32() >>> 0);
  if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
  return [words[0], words[1], words[2], words[3]];
}

/**
 * The stream for chunk `chunk` of study cell `cell`: the seed state advanced by
 * `cell` long jumps (2^96 steps each) and `chunk` jumps (2^64 steps each).
 * Streams never overlap as long as a chunk draws fewer than 2^64 numbers.
 * Two variants compared with common random numbers use the same (cell, chunk) streams.
 */
export function chunkStates(seed: string | number, chunkCount: number, cell = 0): RngState[] {
  const rng = Xoshiro128.fromState(stateFromSeed(seed));
  for (let i = 0; i < cell; i++) rng.longJump();
  return chunkStatesFrom(rng.state(), chunkCount);
}

/** The base states of cells 0..count-1 (one long jump apart), computed in one pass. */
export function cellBaseStates(seed: string | number, count: number): RngState[] {
  const rng = Xoshiro128.fromState(stateFromSeed(seed));
  const states: RngState[] = [];
  for (let i = 0; i < count; i++) {
    states.push(rng.state());
    rng.longJump();
  }
  return states;
}

/** Chunk states from a cell's base state: chunk i is i jumps (2^64 steps each) along. */
export function chunkStatesFrom(base: RngState, chunkCount: number): RngState[] {
  const rng = Xoshiro128.fromState(base);
  const states: RngState[] = [];
  for (let i = 0; i < chunkCount; i++) {
    states.push(rng.state());
    rng.jump();
  }
  return states;
}
