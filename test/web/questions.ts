/**
 * The questions the page is looked at with (screenshots, and the width check of the page
 * test): each game's first question, and the ones with the most on the page.
 */
export const KT_ATTACKERS = 'Giant,Elves:2R,Ogre,Troll,Bears,Wolves,Centaur,Bandits:2';
export const KT_DEFENDERS = 'Nomads,Skeletons,Goblins,Pixies,Druid,Cyclops';

export const LOOKED_AT: Record<string, string> = {
  landgrab: '#landgrab?attackers=12&defenders=8&fortress',
  'landgrab-advice': '#landgrab?attackers=18&defenders=8&fortress&target=0.75&advise',
  'landgrab-table': '#landgrab?attackers=12&defenders=8&fortress&table=attackers:6-17,defenders:4-12',
  'landgrab-turn': '#landgrab?kind=turn',
  'kings-and-things': '#kings-and-things',
  'kings-and-things-advice':
    `#kings-and-things?attackers=${KT_ATTACKERS}&defenders=${KT_DEFENDERS}` + '&fort=castle&target=0.8&advise',
  'kings-and-things-explore':
    '#kings-and-things?kind=explore&attackers=Old%20Dragon,Sphinx,Camel%20Corps&bribe=5&trials=100000',
  'advanced-civilization': '#advanced-civilization',
  'advanced-civilization-range': '#advanced-civilization?limit=3&attacker=6&defender=2-6&fort&target=0.8',
  'princes-and-queens': '#princes-and-queens',
  'princes-and-queens-advice': '#princes-and-queens?distance=2&defender=queen&terrain=mountain&advise',
};
