/**
 * A battle entry's fields by dotted path (`attackers`, `nations.0.tokens`: numeric parts index
 * lists), read and set without touching the entry: what a sweep's axes, `solveFor` and the reverse
 * question address fields by.
 *
 * @example
 * valueAt({ nations: [{ tokens: 4 }] }, 'nations.0.tokens') // 4
 * withValue({ attackers: 5 }, 'attackers', 9) // { attackers: 9 }
 */

/** The value at a dotted path of a plain object (numeric parts index lists). */
export function valueAt(entry: unknown, path: string): unknown {
  let at: unknown = entry;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A copy of the entry with the value at a dotted path set (the path must lead through objects or lists). */
export function withValue(entry: unknown, path: string, value: unknown): unknown {
  const [head, ...rest] = path.split('.');
  const copy: Record<string, unknown> | unknown[] = Array.isArray(entry)
    ? [...entry]
    : { ...(entry as Record<string, unknown>) };
  (copy as Record<string, unknown>)[head] =
    rest.length === 0 ? value : withValue((copy as Record<string, unknown>)[head] ?? {}, rest.join('.'), value);
  return copy;
}
