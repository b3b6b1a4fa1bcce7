/**
 * One decision of the player: stop, roll one round of an attack, or (right after a conquest) move
 * armies in, with or without my leader. Territories by index.
 *
 * @example
 * const action: TurnAction = { kind: 'attack', from: 2, to: 5 };
 */
export type TurnAction =
  { kind: 'stop' } | { kind: 'attack'; from: number; to: number } | { kind: 'moveIn'; armies: number; leader: boolean };

/**
 * The action in words, with the board's names.
 *
 * @example
 * describeAction(['A', 'E'], { kind: 'attack', from: 0, to: 1 }) // 'attack E from A'
 */
export function describeAction(names: readonly string[], action: TurnAction): string {
  if (action.kind === 'stop') return 'stop';
  if (action.kind === 'attack') return `attack ${names[action.to]} from ${names[action.from]}`;
  return `move ${action.armies} in${action.leader ? ' with the leader' : ''}`;
}
