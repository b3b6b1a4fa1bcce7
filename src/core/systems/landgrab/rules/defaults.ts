/** LandGrab's dice rules as the help page gives them: what an entry or a board gets when it names none. */

/** The rules of a LandGrab battle when an entry leaves them out (the schemas' defaults, and quickEntry.ts's). */
export const RULE_DEFAULTS = {
  attackingLeader: false,
  stopAt: 1,
  attackerDice: 3,
  defenderDice: 2,
  ties: 'defender',
  fortressBonus: 1,
  leaderBonus: 1,
} as const;
/** The largest bonus a fortress or a leader may add to the highest die (a die reads at most 12). */
export const MAX_BONUS = 6;
