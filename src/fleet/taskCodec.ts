/**
 * Chunk tasks as text, for the processes and machines they travel to (a queue's job, a
 * tally file), and their content key. A task's plan is structured-cloneable, not JSON:
 * it holds typed arrays (per-round outcome tables) and may hold numbers JSON cannot write
 * (Infinity, NaN, -0). Those are written as tagged objects, typed arrays as little-endian
 * bytes in base64, so decode(encode(task)) gives the same plan bit for bit.
 *
 * The content key is the SHA-256 of the encoding without the task's `id`: runChunk is a
 * pure function of what it hashes, so two tasks with one key have one tally, whichever
 * run, cell or retry they come from.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import type { ChunkTask } from '../core/engine/sample/task.js';

const TYPED = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
type TypedName = keyof typeof TYPED;

if (os.endianness() !== 'LE') throw new Error('battle-odds fleet: typed arrays are encoded little-endian only');

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'number') {
    if (Number.isFinite(value) && !Object.is(value, -0)) return value;
    return { $number: Object.is(value, -0) ? '-0' : String(value) };
  }
  if (ArrayBuffer.isView(value)) {
    const name = value.constructor.name;
    if (!(name in TYPED)) throw new Error(`cannot encode a ${name} in a chunk task`);
    const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return { $typed: name, base64: bytes.toString('base64') };
  }
  if (value instanceof Map || value instanceof Set || value instanceof Date || typeof value === 'bigint') {
    throw new Error(`cannot encode a ${Object.prototype.toString.call(value)} in a chunk task`);
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const tagged = value as { $number?: string; $typed?: TypedName; base64?: string };
  if (tagged.$number !== undefined) return tagged.$number === '-0' ? -0 : Number(tagged.$number);
  if (tagged.$typed !== undefined) {
    const Type = TYPED[tagged.$typed];
    if (!Type) throw new Error(`unknown typed array ${tagged.$typed} in a chunk task`);
    const bytes = Buffer.from(tagged.base64 ?? '', 'base64');
    // Copy into a fresh, aligned buffer of exactly the array's length.
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    return new Type(copy.buffer, 0, bytes.length / Type.BYTES_PER_ELEMENT);
  }
  return value;
}

/** Any structured-cloneable plan data (objects, arrays, numbers, strings, booleans, typed arrays) as text. */
export function encodeValue(value: unknown): string {
  return JSON.stringify(value, replacer);
}

export function decodeValue(text: string): unknown {
  return JSON.parse(text, reviver);
}

/** The task without its `id`, as text: what a worker needs to run it. */
export function encodeTask(task: ChunkTask): string {
  const { id: _id, ...content } = task;
  return encodeValue(content);
}

export function decodeTask(text: string): ChunkTask {
  return decodeValue(text) as ChunkTask;
}

/** SHA-256 (hex) of an encoded task: the chunk's content key. */
export function contentKey(encoded: string): string {
  return createHash('sha256').update(encoded).digest('hex');
}

/** The content key of a task. */
export function taskKey(task: ChunkTask): string {
  return contentKey(encodeTask(task));
}
