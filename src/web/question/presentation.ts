/**
 * How the page lays out a system's command-line questions: presentation only. The flags,
 * their meaning, parsing, defaults and the battle they make all come from the system's
 * `cli.odds` (src/app/systems.ts). A system with no entry here gets every flag in order,
 * flags with a default under "More options". Flags are named by their long name without
 * dashes, as typed on the command line.
 */

export interface QuestionKind {
  /** Value in the URL (`kind=chain`); the first kind is the default and is left out. */
  value: string;
  label: string;
  /** Flags this kind gives (e.g. `explore: true` for `--explore`); they are not asked separately. */
  sets?: Record<string, string | true>;
}

export interface Presentation {
  /** Flags the page does not ask (e.g. flags that only point the user to another command). */
  hidden?: string[];
  /** Flags shown under "More options" besides every flag that has a default. */
  more?: string[];
  /** Flags shown up front even though they have a default. */
  primary?: string[];
  /** Kinds of question; a flag listed in `only` is asked (and sent) only for those kinds. */
  kinds?: QuestionKind[];
  only?: Record<string, string[]>;
  /** A short label per flag where the flag's own name reads badly as a label. */
  labels?: Record<string, string>;
}

export const PRESENTATIONS: Record<string, Presentation> = {
  landgrab: {
    kinds: [
      { value: 'battle', label: 'One territory' },
      { value: 'chain', label: 'A chain' },
      { value: 'capitol', label: 'A capitol' },
    ],
    only: {
      defenders: ['battle', 'capitol'],
      fortress: ['battle'],
      'defending-leader': ['battle', 'capitol'],
      path: ['chain'],
      fortresses: ['chain'],
      leaders: ['chain'],
      capitol: ['capitol'],
    },
    primary: ['stop-at'],
    more: ['attacking-armies'],
    labels: {
      attackers: 'Armies in the attacking territory',
      'attacking-armies': 'Or: armies that may attack',
      defenders: 'Defending armies',
      path: 'Defenders along the path',
      fortresses: 'Fortresses on the path',
      leaders: 'Defending leaders on the path',
      capitol: "Armies in the capitol owner's other territories",
      'stop-at': 'Stop when down to',
    },
  },
  // Ready for when these systems join src/app/systems.ts (their CLI flags as on their branches).
  'kings-and-things': {
    hidden: ['fort-levels'],
    kinds: [
      { value: 'battle', label: 'A battle' },
      { value: 'explore', label: 'Exploration', sets: { explore: true } },
    ],
    only: {
      defenders: ['battle'],
      fort: ['battle'],
      city: ['battle'],
      village: ['battle'],
      income: ['battle'],
      'defender-losses': ['battle'],
      'defender-retreat': ['battle'],
      unexplored: ['battle'],
      'fort-after-retreat': ['battle'],
      bribe: ['explore'],
      cup: ['explore'],
    },
    more: [
      'income',
      'attacker-losses',
      'defender-losses',
      'retreat',
      'defender-retreat',
      'retreat-hex',
      'defender-retreat-hex',
      'fort-after-retreat',
      'unexplored',
      'cup',
    ],
    labels: { attackers: 'Attacking counters', defenders: 'Defending counters', bribe: 'Gold to bribe with' },
  },
  'advanced-civilization': {
    primary: ['attacker-tech', 'defender-tech'],
    more: ['attacker-armies', 'defender-armies', 'fort-owner'],
    labels: {
      limit: 'Population limit',
      attacker: 'Attacking tokens',
      defender: 'Defending tokens',
      'attacker-tech': 'Attacker technologies',
      'defender-tech': 'Defender technologies',
    },
  },
  'princes-and-queens': {
    hidden: ['table', 'max-distance'],
    primary: [],
    labels: {
      distance: 'Distance to your Queen',
      princes: 'Attacking Princes',
      'defender-distance': "Defending Prince's distance to his Queen",
      'with-city': 'A City shares the hex',
    },
  },
};

export function presentationOf(systemId: string): Presentation {
  return PRESENTATIONS[systemId] ?? {};
}
