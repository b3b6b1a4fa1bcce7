/**
 * Comparing two results folders byte for byte, but for what records when and how long:
 * report.json and headline.json without their timing fields (startedAt, every elapsedMs, threads) and
 * index.html with its times and thread count blanked. Every other file (CSV, charts) must
 * be identical bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TIMING_KEYS = new Set(['startedAt', 'elapsedMs', 'threads']);

function withoutTiming(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTiming);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !TIMING_KEYS.has(k))
        .map(([k, v]) => [k, withoutTiming(v)]),
    );
  }
  return value;
}

/** Every file of a results folder, as compared: name -> content. */
export function comparableFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    const bytes = readFileSync(path.join(dir, name));
    if (name === 'report.json' || name === 'headline.json')
      out.set(name, JSON.stringify(withoutTiming(JSON.parse(bytes.toString('utf8')))));
    else if (name === 'index.html')
      out.set(
        name,
        bytes
          .toString('utf8')
          .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<time>')
          .replace(/\d+\.\d\d s( on (the main thread|\d+ worker threads))?/g, '<duration>'),
      );
    else out.set(name, bytes.toString('base64'));
  }
  return out;
}

/** The names of the files that differ (or exist in one folder only). */
export function differingFiles(a: string, b: string): string[] {
  const left = comparableFiles(a);
  const right = comparableFiles(b);
  const names = new Set([...left.keys(), ...right.keys()]);
  return [...names].filter((n) => left.get(n) !== right.get(n)).sort();
}
