/**
 * The reverse question asked directly: "how many armies do I need against 9 in a fortress?"
 * The player gives the battle without the attacking force and a target; the system's force
 * question (RuleSystem.force) finds the fewest that reaches it, and the battle is answered with
 * that many, the question marked `forceAsked` so the answer says "you need", not "you have".
 */
import type { RuleSystem } from '../model/contract.js';
import { type Question, DEFAULT_TARGET } from '../model/question.js';
import { compileEntry, type Battle } from '../engine/validate/entry.js';
import { InputError } from '../model/inputError.js';
import { valueAt, withValue } from '../model/entryPaths.js';

/** True when the entry leaves out the system's force (none of its fields given), so the force is what is asked. */
export function asksForce(system: RuleSystem, entry: unknown): boolean {
  const force = system.force;
  if (!force || entry === null || typeof entry !== 'object') return false;
  if (force.appliesTo && !force.appliesTo(entry)) return false;
  return [force.field, ...(force.alternatives ?? [])].every((f) => valueAt(entry, f) === undefined);
}

/**
 * Compiles an entry for a question: as given, or, when it leaves out the force and the
 * question has a target (or asks for advice, default 80%), with the fewest force reaching it.
 * Returns the battle and the question to answer it with.
 */
export function compileForQuestion(
  system: RuleSystem,
  entry: unknown,
  question: Question,
  source: string,
  defaultLabel: string,
  field = '',
): { battle: Battle; question: Question } {
  const force = system.force;
  if (!force || !asksForce(system, entry)) {
    return { battle: compileEntry(system, entry, source, field, defaultLabel), question };
  }
  // Solving for the force itself (`--solve-for attackers`): the search starts from the placeholder.
  const solving = question.solveFor?.replace(/^--/, '');
  if (solving !== undefined && [force.field, ...(force.alternatives ?? [])].includes(solving)) {
    const probe = withValue(entry, force.field, force.placeholder);
    return { battle: compileEntry(system, probe, source, field, defaultLabel), question };
  }
  if (question.target === undefined && !question.advise) {
    try {
      return { battle: compileEntry(system, entry, source, field, defaultLabel), question };
    } catch (error) {
      // Left out, the force may be the question itself: say how to ask it.
      if (error instanceof InputError)
        throw new InputError(
          error.source,
          error.field,
          `${error.detail}; or leave it out and ask a target to find how many you need`,
        );
      throw error;
    }
  }
  const target = question.target ?? DEFAULT_TARGET;
  const probe = compileEntry(system, withValue(entry, force.field, force.placeholder), source, field, defaultLabel);
  const found = force.fewest(probe.entry as never, target);
  if ('none' in found) throw new InputError(source, 'target', found.none);
  const battle = compileEntry(system, withValue(entry, force.field, found.count), source, field, defaultLabel);
  return { battle, question: { ...question, target, forceAsked: true } };
}
