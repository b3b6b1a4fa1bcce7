/**
 * The scenario a part carries, validated as a scenario file is: a part is untrusted
 * input, and everything merge writes (the results folder's name, the report) comes from
 * `--out` and this validated scenario, never from the part's other fields. The part's
 * `scenario.hash` must be the hash of its document and its `scenario.name` the
 * document's name: a part whose name says `../x` is refused, not merged beside `--out`.
 */
import { InputError, quoteValue } from '../../core/model/inputError.js';
import { parseScenario, type Scenario } from '../../core/engine/validate/scenario.js';
import { SYSTEMS } from '../../core/registry/systems.js';
import { scenarioHash, type TallyPart } from './tallyFile.js';

/** Validates the part's scenario; parts of one run share one validation (`cache`, by hash). */
export function partScenario(file: string, part: TallyPart, cache: Map<string, Scenario>): Scenario {
  const { document, hash, name } = part.scenario;
  if (scenarioHash(document) !== hash)
    throw new InputError(file, 'scenario.hash', 'is not the hash of the scenario document the part holds (altered)');
  let scenario = cache.get(hash);
  if (!scenario) {
    try {
      scenario = parseScenario(document, part.scenario.file, SYSTEMS);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      const field = error.field ? `scenario.document.${error.field}` : 'scenario.document';
      throw new InputError(file, field, error.detail);
    }
    cache.set(hash, scenario);
  }
  if (name !== scenario.name)
    throw new InputError(
      file,
      'scenario.name',
      `is ${quoteValue(name)}, but the scenario document it holds is named '${scenario.name}' (altered)`,
    );
  return scenario;
}
