/**
 * The counters the page's roster picker offers are the command line's: every counter it adds
 * is written in the CLI's syntax and resolves, through the same reader, to the stats it shows;
 * an item reads and writes back unchanged; a counter of one's own under a roster name with
 * other stats gets a note (the roster Giant is 4 ranged: `Giant:4` is a melee Giant); names
 * the roster does not have, or shares, are said in a player's words.
 */
import { describe, expect, it } from 'vitest';
import {
  creatureCatalogue,
  incomeCatalogue,
  statWords,
} from '../../../../src/core/systems/kings-and-things/catalogue.js';
import { creatureSpec, resolveText } from '../../../../src/core/systems/kings-and-things/rules/counters.js';
import { roster } from '../../../../src/core/systems/kings-and-things/rules/roster.js';
import { readField } from '../../../../src/core/form/read.js';
import { kingsAndThingsForm } from '../../../../src/core/systems/kings-and-things/form.js';

const field = (key: string) => kingsAndThingsForm.fields.find((f) => f.key === key)!;

describe('the roster picker of Kings & Things', () => {
  it('adds every creature and special character in the syntax the command line reads, with the stats shown', () => {
    const listed = creatureCatalogue.counters();
    const r = roster();
    const distinct = new Set([...r.creatures, ...r.characters].map((c) => `${c.name}|${statWords(c)}`));
    expect(listed.length).toBe(distinct.size);
    for (const counter of listed) {
      const resolved = resolveText(counter.id);
      expect(resolved.ok, counter.id).toBe(true);
      if (!resolved.ok) continue;
      const spec = creatureSpec(resolved.counters[0]);
      expect(spec.name).toBe(counter.name);
      expect(statWords(spec)).toBe(counter.summary);
      expect(creatureCatalogue.describe(creatureCatalogue.read(counter.id)!)).toEqual({ summary: counter.summary });
    }
    // A name several counters share is added with its stats; any other by its name alone.
    expect(listed.filter((c) => c.name === 'Elves').map((c) => c.id)).toEqual(['Elves:2R', 'Elves:3R']);
    expect(listed.find((c) => c.name === 'Giant')?.id).toBe('Giant');
  });

  it('reads and writes an item back as the command line writes it', () => {
    for (const text of ['Giant', '3x Elves:2R', 'Dragon:3*CF', '2x Old Dragon']) {
      const item = creatureCatalogue.read(text)!;
      expect(creatureCatalogue.write(item)).toBe(text);
    }
    expect(creatureCatalogue.read('3x Elves:2R')).toEqual({ count: 3, name: 'Elves', stats: '2R' });
  });

  it("notes a counter of one's own that differs from the roster's of that name", () => {
    const giant = creatureCatalogue.describe({ count: 1, name: 'Giant', stats: '4' });
    expect(giant).toEqual({
      summary: '4 · melee · 1 die',
      note: "Not the roster's Giant (4 · ranged · 1 die): this one is 4 · melee · 1 die.",
    });
    // The roster's own stats: no note; a name the roster lacks: none either.
    expect(creatureCatalogue.describe({ count: 1, name: 'Giant', stats: '4R' }).note).toBeUndefined();
    expect(creatureCatalogue.describe({ count: 1, name: 'Wyrm', stats: '4*F' })).toEqual({
      summary: '4 · magic · 1 die · flying',
    });
  });

  it("says what is wrong in a player's words", () => {
    expect(creatureCatalogue.describe({ count: 1, name: 'Giantt', stats: '' }).problem).toBe(
      'Giantt is not in the roster',
    );
    expect(creatureCatalogue.describe({ count: 1, name: 'Elves', stats: '' }).problem).toBe(
      'the roster has 2 counters called Elves: pick one (2 · ranged · 1 die; 3 · ranged · 1 die)',
    );
    expect(creatureCatalogue.describe({ count: 1, name: 'X', stats: '9' }).problem).toMatch(/^bad stat code/);
  });

  it("writes a counter of one's own from its fields as the stats the command line reads", () => {
    const custom = creatureCatalogue.custom!;
    const stats = { value: 3, kind: 'magic', flags: ['charge', 'flying'] };
    expect(custom.write(stats)).toBe('3*CF');
    expect(custom.read('3*CF')).toEqual(stats);
    expect(custom.read('2R')).toEqual({ value: 2, kind: 'ranged', flags: [] });
    expect(custom.read('nonsense')).toBeNull();
  });

  it('offers the special income counters by name, each once', () => {
    expect(incomeCatalogue.single).toBe(true);
    expect(incomeCatalogue.counters().map((c) => c.name)).toEqual(roster().incomeCounters);
    expect(incomeCatalogue.describe({ count: 1, name: 'Fools Gold', stats: '' }).problem).toBe(
      'Fools Gold is not a special income counter',
    );
  });

  it("keeps the command line's reading of the fields the page asks with buttons", () => {
    // Text as typed, read by the system as before: a policy, a loss order, conditions, a retreat hex.
    expect(readField(field('attackerLosses'), 'Orc, Giant')).toBe('Orc, Giant');
    expect(readField(field('retreat'), 'rounds:2+down-to:3')).toBe('rounds:2+down-to:3');
    expect(readField(field('retreatHex'), 'none')).toBe('none');
    expect(readField(field('retreatHex'), '4')).toBe('4');
  });
});
