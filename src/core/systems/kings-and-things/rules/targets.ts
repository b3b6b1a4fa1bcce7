/**
 * Whom a player sends his hits to each round of a battle of several players (11.81): a
 * policy or another player, as codes the kernels read. Two-sided battles always target the
 * other side (the default, strongest, is the only one left).
 */
export const TARGET_POLICIES = ['strongest', 'weakest', 'defender', 'next'] as const;
export const TARGET_STRONGEST = 0;
export const TARGET_WEAKEST = 1;
export const TARGET_DEFENDER = 2;
export const TARGET_NEXT = 3;
/** target = TARGET_PLAYER + j: player j while he is in the fight, else the strongest. */
export const TARGET_PLAYER = 10;

/** A target as an entry names it (a policy or a player's name among `names`) as its code. */
export function targetCode(target: string, names: string[]): number {
  switch (target) {
    case 'strongest':
      return TARGET_STRONGEST;
    case 'weakest':
      return TARGET_WEAKEST;
    case 'defender':
      return TARGET_DEFENDER;
    case 'next':
      return TARGET_NEXT;
    default:
      return TARGET_PLAYER + names.indexOf(target);
  }
}
