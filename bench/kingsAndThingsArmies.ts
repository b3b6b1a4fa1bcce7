/**
 * The armies the Kings & Things advice is timed with (bench rows `kingsAndThingsAdviceRows`, the
 * page's `npm run web:latency`; docs/kings-and-things.md "How long answers take"): 10 attackers,
 * and 10 defenders of which the first six make the smaller battle, both against a castle.
 */
export const KT_ATTACKERS = 'Giant:4,Elves:2R,Dragon:3*C,Knight:3C,Ogre:2,Troll:4,Wolf:2,Bear:3,Eagle:2F,Hydra:5';
export const KT_DEFENDERS = 'Goblin:1,Orc:2,Knight:3C,Archer:2R,Giant:4,Troll:4,Bandit:2,Guard:3,Pikeman:2,Lion:3';

/** The first `count` defenders. */
export const ktDefenders = (count: number) => KT_DEFENDERS.split(',').slice(0, count).join(',');
