/**
 * Comparing two results folders byte for byte, but for what records when and how long:
 * report.json and headline.json without their timing fields (startedAt, every elapsedMs, threads, fleet) and
 * index.html with its times and thread count blanked. Every other file (CSV, charts) must
 * be identical bytes. A note one run adds and the other cannot (`--verify none`'s) may be left out too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../src/output/html.js';

const TIMING_KEYS = new Set(['startedAt', 'elapsedMs', 'threads', 'fleet']);

function withoutTiming(value: unknown, note: string | undefined): unknown {
  if (Array.isArray(value))
    return value.filter((v) => note === undefined || v !== note).map((v) => withoutTiming(v, note));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !TIMING_KEYS.has(k))
        .map(([k, v]) => [k, withoutTiming(v, note)])
        // A sweep's notes are there only when it has one: with the note left out, none is the same as empty.
        .filter(([k, v]) => !(note !== undefined && k === 'notes' && Array.isArray(v) && v.length === 0)),
    );
  }
  return value;
}

/** Every file of a results folder, as compared: name -> content (`note` left out wherever it stands). */
export function comparableFiles(dir: string, note?: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    const bytes = readFileSync(path.join(dir, name));
    if (name === 'report.json' || name === 'headline.json')
      out.set(name, JSON.stringify(withoutTiming(JSON.parse(bytes.toString('utf8')), note)));
    else if (name === 'index.html')
      out.set(
        name,
        bytes
          .toString('utf8')
          .replaceAll(note === undefined ? '\0' : `<p class="note">${escapeHtml(note)}</p>`, '')
          .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<time>')
          .replace(
            /\d+\.\d\d s( on (the main thread|\d+ worker threads|a worker fleet \(\d+ chunks at a time\)))?/g,
            '<duration>',
          ),
      );
    else out.set(name, bytes.toString('base64'));
  }
  return out;
}

/** The names of the files that differ (or exist in one folder only), `note` left out of both. */
export function differingFiles(a: string, b: string, note?: string): string[] {
  const left = comparableFiles(a, note);
  const right = comparableFiles(b, note);
  const names = new Set([...left.keys(), ...right.keys()]);
  return [...names].filter((n) => left.get(n) !== right.get(n)).sort();
}
