/**
 * Outcome categories of a conflict: exclusive and exhaustive, so a report never has to
 * say "holds" for an area two nations still share.
 * - alone: one nation is left in the area (its tokens, or its city that was not attacked);
 * - stay: two or more nations keep tokens in the area, the limit no longer exceeded;
 * - city-stands: the city was not attacked and other nations' tokens stay beside it;
 * - empty: no token and no city is left.
 */
export const OUTCOME = { alone: 0, stay: 1, cityStands: 2, empty: 3 } as const;

export type OutcomeKind = 'alone' | 'stay' | 'city-stands' | 'empty';
export const OUTCOME_KINDS: readonly OutcomeKind[] = ['alone', 'stay', 'city-stands', 'empty'];
