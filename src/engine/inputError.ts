/**
 * A problem with what the user gave us (a file, a flag, a field). The CLI prints it
 * as one line naming the file and field and exits with code 2, never a stack trace.
 */
export class InputError extends Error {
  constructor(
    /** The file or flag the problem is in, e.g. `scenarios/x.json` or `--attackers`. */
    readonly source: string,
    /** The field within it, e.g. `battles[0].attackers`; empty for the whole source. */
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${source}${field ? `: ${field}` : ''}: ${detail}`);
    this.name = 'InputError';
  }
}

/** `battles[0].path[2].defenders` from a zod-style path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}
