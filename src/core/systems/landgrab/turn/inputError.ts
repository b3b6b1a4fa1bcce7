/**
 * The one error the turn planner's input checks throw: `path` names the place in the input
 * (e.g. `territories.3.armies`), `message` says what is wrong there in one line.
 *
 * @example
 * throw new TurnInputError('territories.3.armies', 'must be a whole number from 1 to 200');
 */
export class TurnInputError extends Error {
  override readonly name = 'TurnInputError';

  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}
