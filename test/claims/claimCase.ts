import type { Question } from '../../src/core/model/question.js';

/** One question for the claims test: a battle entry of a system, how it is answered, what is asked. */
export interface ClaimCase {
  system: string;
  entry: Record<string, unknown>;
  question?: Question;
  /** Sampled answers are checked too: their sentences quote estimates and intervals. */
  method?: 'auto' | 'sample';
  trials?: number;
}

/** Every combination of the lists' values, as objects. */
export function grid<T extends Record<string, readonly unknown[]>>(axes: T): Array<{ [K in keyof T]: T[K][number] }> {
  let out: Array<Record<string, unknown>> = [{}];
  for (const [name, values] of Object.entries(axes)) {
    out = out.flatMap((o) => values.map((v) => ({ ...o, [name]: v })));
  }
  return out as Array<{ [K in keyof T]: T[K][number] }>;
}

/** A short name for a case in the test's output. */
export function caseName(c: ClaimCase): string {
  const q = c.question && Object.keys(c.question).length ? ` ${JSON.stringify(c.question)}` : '';
  return `${c.system} ${JSON.stringify(c.entry)}${q}${c.method === 'sample' ? ' sampled' : ''}`;
}
