/**
 * Which workers are alive, and of which version: each worker keeps a key
 * `battle-odds:workers:<host>:<pid>` holding its version, renewed every few seconds with a
 * short expiry, so the submitter can say how many workers will take its chunks (and warn
 * about workers of another version, which refuse them) before it waits for results.
 */
import os from 'node:os';
import type { Redis } from 'ioredis';
import { PREFIX } from './connection.js';

const KEYS = `${PREFIX}:workers:`;
const TTL_MS = 15_000;

/** Announces this process as a worker until the returned function is called. */
export function announce(redis: Redis, version: string): () => Promise<void> {
  const key = `${KEYS}${os.hostname()}:${process.pid}`;
  const beat = () => void redis.set(key, version, 'PX', TTL_MS).catch(() => {});
  beat();
  const timer = setInterval(beat, TTL_MS / 3);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await redis.del(key).catch(() => {});
  };
}

/** The live workers: `host:pid` and version. */
export async function liveWorkers(redis: Redis): Promise<Array<{ worker: string; version: string }>> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${KEYS}*`, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const versions = await redis.mget(...keys);
  return keys.map((k, i) => ({ worker: k.slice(KEYS.length), version: versions[i] ?? '' })).filter((w) => w.version);
}
