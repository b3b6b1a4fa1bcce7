/** A tally part of `run --shard i/N` as the tests read and edit it: gzip'd JSON. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** The part in `file`, parsed (typed by the test as it needs it). */
export function readPart<T = any>(file: string): T {
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as T;
}

/** Writes `content` as the part `name` in `dir`; its path. */
export function writePartIn(dir: string, name: string, content: unknown): string {
  const file = path.join(dir, `${name}.tally.json.gz`);
  writeFileSync(file, gzipSync(JSON.stringify(content)));
  return file;
}
