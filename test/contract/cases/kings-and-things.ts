import type { ContractCase } from '../contractCase.js';

const six = ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Knight:3C', 'Nomads:1', 'Bandits:2'];

/** Kings & Things battles for the contract suite: every battle type and the options that change the layout. */
export const cases: ContractCase[] = [
  {
    system: 'kings-and-things',
    label: 'battle: six creatures against a castle and two defenders',
    entry: { attacker: { creatures: six }, defender: { creatures: ['Ogre:2', 'Archers:2R'], fort: 'castle' } },
  },
  {
    system: 'kings-and-things',
    label: 'battle: both sides retreat (the attacker into a crowded hex), a city, explicit loss order',
    entry: {
      attacker: {
        creatures: ['Giant:4', 'Nomads:1', 'Bear:2'],
        losses: ['Giant'],
        retreat: { afterRounds: 2 },
        retreatHex: { creatures: 9 },
      },
      defender: {
        creatures: ['Wolf:2', 'Wolf:2', 'Owl:1F'],
        retreat: { whenDownTo: 1 },
        city: true,
        fortAfterRetreat: 'falls',
      },
    },
  },
  {
    system: 'kings-and-things',
    label: 'battle: the keep fights on after its defenders retreat (sampled only)',
    entry: {
      attacker: { creatures: ['2x Orc:2', 'Troll:3'], retreat: { whenOutnumbered: 2 } },
      defender: { creatures: ['2x Goblin:1'], fort: 'keep', losses: 'weakest-first', retreat: { whenDownTo: 1 } },
    },
  },
  {
    system: 'kings-and-things',
    label: 'multi: owner with a keep and two attackers',
    entry: {
      type: 'multi',
      players: [
        { name: 'Blue', creatures: ['Ogre:2', '2x Archer:2R'], fort: 'keep' },
        {
          name: 'Red',
          creatures: ['Giant:4', 'Dragon:3*C', 'Nomads:1'],
          target: 'defender',
          retreat: { whenOutnumbered: 3 },
        },
        { name: 'Green', creatures: ['3x Orc:2', 'Shaman:2*'], target: 'weakest' },
      ],
    },
  },
  {
    system: 'kings-and-things',
    label: 'multi: three armies over an unexplored hex (the last one explores it)',
    entry: {
      type: 'multi',
      unexplored: true,
      cup: 'creatures',
      players: [
        {
          name: 'Blue',
          creatures: ['Ogre', '2x Archer:2R'],
          retreat: { whenOutnumbered: 2 },
          retreatHex: { creatures: 8 },
        },
        { name: 'Red', creatures: ['Giant:4', 'Dragon:3*C', 'Nomads'], target: 'weakest' },
        { name: 'Green', creatures: ['3x Orc:2', 'Shaman:2*'] },
      ],
    },
  },
  {
    system: 'kings-and-things',
    label: 'explore: a small custom cup with bribery (solved exactly)',
    entry: {
      type: 'explore',
      explorer: { creatures: ['Giant:4', 'Elves:2R', 'Nomads:1'], retreat: { whenDownTo: 1 } },
      cup: ['Goblin:1', { name: 'Orc', value: 2, count: 3 }, 'Wizard:3*', 'Knight:3C', 'Archer:2R', 'Titan:6'],
      bribery: { gold: 3 },
    },
  },
  {
    system: 'kings-and-things',
    label: 'explore: the 1986 cup',
    entry: { type: 'explore', explorer: { creatures: ['Ogre', 'Orc:2', 'Goblins'] } },
  },
];
