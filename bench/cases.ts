/** A fixed, representative battle per sampled system that `npm run bench` times. */
export interface BenchCase {
  system: string;
  label: string;
  entry: unknown;
  /** Target for the fast kernel on one thread, in M battles/s. */
  targetPerThread?: number;
}

export const BENCH_CASES: BenchCase[] = [
  {
    system: 'kings-and-things',
    label: 'six mixed creatures against a castle with two defenders',
    targetPerThread: 2,
    entry: {
      type: 'battle',
      attacker: { creatures: ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Knight:3C', 'Nomads:1', 'Bandits:2'] },
      defender: { creatures: ['Ogre:2', 'Archers:2R'], fort: 'castle' },
    },
  },
  {
    system: 'advanced-civilization',
    label: 'unknown defender against a fort',
    entry: {
      type: 'conflict',
      limit: 3,
      nations: [
        { name: 'attacker', tokens: 7, engineering: true },
        { name: 'defender', tokens: { min: 1, max: 9 } },
      ],
      fort: { owner: 'defender' },
    },
  },
];
