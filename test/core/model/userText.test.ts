/**
 * User text (labels, names, descriptions, axis values, seeds) is refused at validation when it
 * holds what no text needs (control characters, unpaired surrogates, noncharacters), naming
 * the field, the character and where it is; every other text, however odd, runs to the end and
 * gets its charts; and ESC never reaches the terminal raw, from a file or from a flag.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textProblem } from '../../../src/core/model/userText.js';
import { parseScenario } from '../../../src/core/engine/validate/scenario.js';
import { SYSTEMS } from '../../../src/core/registry/systems.js';
import { InputError } from '../../../src/core/model/inputError.js';
import { renderSvg, svgToPng } from '../../../src/output/render.js';
import { toVegaLite } from '../../../src/output/charts/vegaLite.js';
import { cli, tempDir } from '../../helpers/cli.js';
import { fortLevels } from '../../output/fixtures.js';
import { assignStems } from '../../../src/core/model/fileNames.js';
import { Xoshiro128 } from '../../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../../src/core/random/seed.js';

/** Valid text that stresses a renderer: scripts, direction, emoji sequences, marks, odd spaces, length. */
const ODD = [
  'עברית مرحبا right to left',
  '👨‍👩‍👧‍👦 🎲🏰 🇩🇪 ✓',
  'Z̷̢̛a̸l̴g̵o̶ é́́́́ combining',
  'W'.repeat(3000),
  '<svg>&amp; "quotes" \'x\' ]]> <!-- -->',
  '\u202eoverride\u202c \u2028line\u2029para',
  '\ufeffbom \ue000 private 𠀀𠀁 x\u200d\u200b',
  `攻撃 ${'漢'.repeat(500)}`,
];

/** The refusal's words for a character of `kind` (its code point) at `position`. */
function refusal(kind: string, code: string, position: number): string {
  const article = kind === 'unpaired surrogate' ? 'an' : 'a';
  const why = kind === 'unpaired surrogate' ? '; it is not text' : '';
  return `contains ${article} ${kind} (${code}) at position ${position}${why}`;
}

/** Each refused character class, with the code point the message must name. */
const BAD: Array<[text: string, words: string, code: string, position: number]> = [
  ['a\u0000b', 'control character', 'U+0000', 2],
  ['\u0001', 'control character', 'U+0001', 1],
  ['red\u001b[31m', 'control character', 'U+001B', 4],
  ['tab\there', 'control character', 'U+0009', 4],
  ['del\u007f', 'control character', 'U+007F', 4],
  ['c1 \u0085', 'control character', 'U+0085', 4],
  ['🎲 \ud800 half', 'unpaired surrogate', 'U+D800', 3],
  ['\udc00', 'unpaired surrogate', 'U+DC00', 1],
  ['x\ufffe', 'noncharacter', 'U+FFFE', 2],
  ['x\uffff', 'noncharacter', 'U+FFFF', 2],
  ['x\ufdd0', 'noncharacter', 'U+FDD0', 2],
  ['🎲\u{1fffe}', 'noncharacter', 'U+1FFFE', 2],
];

describe('textProblem', () => {
  it('accepts any script, direction, emoji, combining marks and length', () => {
    for (const text of ODD) expect(textProblem(text), text.slice(0, 20)).toBeUndefined();
  });

  it('names the character and its position (counted in characters) for each refused kind', () => {
    for (const [text, words, code, position] of BAD) {
      expect(textProblem(text), JSON.stringify(text)).toBe(refusal(words, code, position));
    }
  });

  it('allows line breaks and tabs only where asked (a description)', () => {
    expect(textProblem('two\nlines\tand\r\n', { lineBreaks: true })).toBeUndefined();
    expect(textProblem('a\nb')).toContain('U+000A');
    expect(textProblem('a\u001bb', { lineBreaks: true })).toContain('U+001B');
  });
});

const landgrab = { name: 'x', system: 'landgrab', trials: 100 };
const battle = { attackers: 5, defenders: 3 };
const sweep = { base: { type: 'battle', attackers: 3, defenders: 2 }, axes: { attackers: [3, 4] } };

/** A scenario with `text` in one user-text field, and the field the refusal must name. */
const FIELDS: Array<[field: string, scenario: (text: string) => unknown]> = [
  ['battles[3].label', (t) => ({ ...landgrab, battles: [battle, battle, battle, { ...battle, label: t }] })],
  ['description', (t) => ({ ...landgrab, description: t, battles: [battle] })],
  ['seed', (t) => ({ ...landgrab, seed: t, battles: [battle] })],
  // An axis over the label itself: its values are text that names cells in charts and CSVs.
  ['sweep.axes.label[1]', (t) => ({ ...landgrab, sweep: { ...sweep, axes: { label: ['a', t] } } })],
  [
    'sweep.axes.attackers[1].label',
    (t) => ({ ...landgrab, sweep: { ...sweep, axes: { attackers: [3, { label: t, value: 4 }] } } }),
  ],
  ['sweep.titles.attackers', (t) => ({ ...landgrab, sweep: { ...sweep, titles: { attackers: t } } })],
  [
    'sweep.variants[1].label',
    (t) => ({ ...landgrab, sweep: { ...sweep, variants: [{ label: 'a' }, { label: t, set: {} }] } }),
  ],
  [
    'battles[0].players[1].name',
    (t) => ({
      name: 'k',
      system: 'kings-and-things',
      battles: [{ type: 'multi', players: [{ creatures: ['Ogre'] }, { name: t, creatures: ['Giant'] }] }],
    }),
  ],
  [
    'battles[0].attacker.creatures[0].name',
    (t) => ({
      name: 'k',
      system: 'kings-and-things',
      battles: [{ attacker: { creatures: [{ name: t, value: 3 }] }, defender: { creatures: ['Ogre'] } }],
    }),
  ],
  [
    'battles[0].nations[1].name',
    (t) => ({
      name: 'a',
      system: 'advanced-civilization',
      battles: [
        {
          limit: 3,
          nations: [
            { name: 'Egypt', tokens: 3 },
            { name: t, tokens: 2 },
          ],
        },
      ],
    }),
  ],
  [
    'battles[0].label',
    (t) => ({
      name: 'p',
      system: 'princes-and-queens',
      battles: [{ label: t, distance: 2, terrain: 'plain', defender: 'city' }],
    }),
  ],
];

describe('user text in a scenario', () => {
  it('is refused at validation, naming the file, the field, the character and its position', () => {
    for (const [field, make] of FIELDS) {
      for (const [text, words, code, position] of BAD) {
        // A description may span lines (tabs and line breaks are allowed there only).
        if (field === 'description' && code === 'U+0009') continue;
        let error: unknown;
        try {
          parseScenario(make(text), 'scenarios/x.json', SYSTEMS);
        } catch (e) {
          error = e;
        }
        expect(error, `${field} ${code}`).toBeInstanceOf(InputError);
        expect((error as InputError).message).toBe(`scenarios/x.json: ${field}: ${refusal(words, code, position)}`);
      }
    }
  });

  it('accepts the odd but valid texts in every one of those fields', () => {
    for (const [field, make] of FIELDS) {
      for (const text of ODD) {
        // Some fields have a length limit: a long text may be refused for its length, never for what it holds.
        try {
          parseScenario(make(text), 'scenarios/x.json', SYSTEMS);
        } catch (error) {
          expect((error as Error).message, `${field}: ${text.slice(0, 20)}`).toMatch(
            /: (must be|a name has) at most \d+ characters$/,
          );
          expect(text.length).toBeGreaterThan(90);
        }
      }
    }
  });
});

describe('odd but valid text runs to the end with every chart', () => {
  it('battle labels, sweep titles and variants, players and nations: exit 0, charts drawn, no raw ESC', async () => {
    const dir = tempDir('battle-odds-labels-');
    const scenarios = path.join(dir, 'scenarios');
    mkdirSync(scenarios);
    const short = (t: string) => t.slice(0, 90);
    const files = {
      'landgrab.json': {
        name: 'odd-labels',
        description: ODD.map((t) => t.slice(0, 200)).join('\n'),
        system: 'landgrab',
        seed: ODD[1],
        trials: 500,
        battles: ODD.map((label, i) => ({ label, attackers: 5 + i, defenders: 3, fortress: i % 2 === 0 })),
        sweep: {
          base: { attackers: 3, defenders: 2 },
          axes: { attackers: [3, 4], defenders: [1, ODD[0].length > 0 ? 2 : 1] },
          titles: { attackers: ODD[0], defenders: ODD[2] },
          variants: [{ label: short(ODD[1]) }, { label: short(ODD[4]), set: { fortressBonus: 2 } }],
        },
      },
      'players.json': {
        name: 'odd-players',
        system: 'kings-and-things',
        trials: 500,
        battles: [
          {
            label: ODD[3],
            type: 'multi',
            players: [
              { name: ODD[0], creatures: ['Ogre:2'] },
              { name: ODD[1], creatures: ['Giant:4'] },
              { name: ODD[5], creatures: ['3x Orc:2'] },
            ],
          },
        ],
      },
      'nations.json': {
        name: 'odd-nations',
        system: 'advanced-civilization',
        trials: 500,
        battles: [
          {
            label: ODD[7],
            limit: 4,
            nations: [
              { name: short(ODD[0]), tokens: 8 },
              { name: short(ODD[2]), tokens: 3 },
              { name: short(ODD[6]), tokens: 2 },
            ],
          },
        ],
      },
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(scenarios, name), JSON.stringify(body));
    const out = path.join(dir, 'out');
    const r = await cli(['run', scenarios, '--out', out, '--threads', '0', '--brief']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    for (const name of ['odd-labels', 'odd-players', 'odd-nations']) {
      const written = readdirSync(path.join(out, name));
      const pngs = written.filter((f) => f.endsWith('.png'));
      expect(pngs.length, name).toBeGreaterThan(0);
      expect(pngs.length, name).toBe(written.filter((f) => f.endsWith('.svg')).length);
    }
  }, 60_000);

  it('a chart whose text holds characters XML forbids still draws (the last guard after a run)', async () => {
    const request = { ...fortLevels(), title: 'nul\u0000 esc\u001b nonchar\ufffe half\ud800' };
    const svg = await renderSvg(toVegaLite(request));
    expect(svg).toContain('nul\ufffd esc\ufffd nonchar\ufffd half\ufffd');
    expect(svgToPng(svg).length).toBeGreaterThan(1000);
  });
});

describe('ESC never reaches the terminal raw', () => {
  it('in flag values commander echoes, unknown commands and refused seeds', async () => {
    const cases = [
      ['odds', 'landgrab', '--attackers', '1\u001b[31m', '--defenders', '3'],
      ['odds', 'land\u001bgrab'],
      ['odds', 'landgrab', '--attackers', '5', '--defenders', '3', '--seed', 'x\u001b[2J'],
      ['run', 'no-such-\u001b[31m.json'],
      ['odds', 'landgrab', '--entry', '{"attackers": 5, "defenders": 3, "label": "a\\u001b"}'],
    ];
    for (const args of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr + r.stdout, args.join(' ')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(r.stderr, args.join(' ')).toMatch(/\\u001b|U\+001B/);
    }
  });

  it('in the results folder a run names on stdout', async () => {
    const dir = tempDir('battle-odds-labels-');
    const file = path.join(dir, 'x.json');
    writeFileSync(file, JSON.stringify({ ...landgrab, battles: [battle] }));
    const r = await cli(['run', file, '--out', path.join(dir, 'out\u001b[31m'), '--threads', '0', '--no-charts']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('out\\u001b[31m');
  });
});

/**
 * Seeded fuzzing: 300 labels drawn from every kind of code point (scripts, right-to-left,
 * emoji, combining marks, odd spaces and separators, and each refused kind). An independent
 * reading of each (code point by code point, with `for ... of`) says whether it must be
 * refused and for which character; validation must agree, message and position included.
 * Every accepted label gets a file name that any file system takes, and a sample is drawn.
 */
describe('fuzzed labels', () => {
  const KINDS: Array<[kind: string, pick: (below: (n: number) => number) => string]> = [
    ['ascii', (b) => String.fromCodePoint(0x20 + b(0x5f))],
    ['latin and greek', (b) => String.fromCodePoint(0xc0 + b(0x300))],
    ['hebrew and arabic', (b) => String.fromCodePoint(0x5d0 + b(0x150))],
    ['cjk', (b) => String.fromCodePoint(0x4e00 + b(0x5000))],
    ['combining mark', (b) => String.fromCodePoint(0x300 + b(0x70))],
    ['emoji', (b) => String.fromCodePoint(0x1f300 + b(0x300))],
    ['supplementary ideograph', (b) => String.fromCodePoint(0x20000 + b(0xa000))],
    ['separator or bidi', (b) => ['\u2028', '\u2029', '\u202e', '\u200d', '\ufeff', '\u00a0', '\u3000'][b(7)]],
    ['private use', (b) => String.fromCodePoint(0xe000 + b(0x1900))],
    ['c0 or del', (b) => String.fromCodePoint([b(0x20), 0x7f][b(2)])],
    ['c1', (b) => String.fromCodePoint(0x80 + b(0x20))],
    ['lone surrogate', (b) => String.fromCharCode(0xd800 + b(0x800))],
    ['noncharacter', (b) => String.fromCodePoint([0xfdd0 + b(0x20), 0xfffe + b(2), 0x10fffe + b(2), 0x3fffe][b(4)])],
  ];
  const REFUSED = new Set(['c0 or del', 'c1', 'lone surrogate', 'noncharacter']);

  /** The first character validation must refuse, read independently: its kind, code point and position. */
  function oracle(text: string): { words: string; code: string; position: number } | undefined {
    let position = 0;
    for (const char of text) {
      position++;
      const code = char.codePointAt(0) as number;
      const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
        return { words: 'unpaired surrogate', code: hex, position };
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return { words: 'control character', code: hex, position };
      if ((code >= 0xfdd0 && code <= 0xfdef) || code % 0x10000 >= 0xfffe)
        return { words: 'noncharacter', code: hex, position };
    }
    return undefined;
  }

  const rng = Xoshiro128.fromState(stateFromSeed('battle-odds label fuzz 1'));
  const below = (n: number) => Math.floor(rng.nextFloat() * n);
  const labels = Array.from({ length: 300 }, () => {
    // Mostly valid text; about one label in three holds a refused character somewhere.
    const bad = below(3) === 0;
    const length = 1 + below(below(10) === 0 ? 200 : 12);
    const parts: string[] = [];
    for (let i = 0; i < length; i++) {
      let [kind, pick] = KINDS[below(KINDS.length)];
      while (!bad && REFUSED.has(kind)) [kind, pick] = KINDS[below(KINDS.length)];
      parts.push(pick(below));
    }
    return parts.join('');
  });

  it('validation agrees with an independent reading of every label, message and position included', () => {
    let refused = 0;
    for (const label of labels) {
      const expected = oracle(label);
      const scenario = { ...landgrab, battles: [{ ...battle, label }] };
      if (!expected) {
        expect(() => parseScenario(scenario, 'fuzz.json', SYSTEMS), JSON.stringify(label)).not.toThrow();
        continue;
      }
      refused++;
      expect(() => parseScenario(scenario, 'fuzz.json', SYSTEMS), JSON.stringify(label)).toThrow(
        `fuzz.json: battles[0].label: ${refusal(expected.words, expected.code, expected.position)}`,
      );
    }
    // Both sides of the line are exercised.
    expect(refused).toBeGreaterThan(50);
    expect(labels.length - refused).toBeGreaterThan(100);
  });

  it('every accepted label gets a distinct file name any file system takes; a sample draws as a chart', async () => {
    const accepted = [...new Set(labels.filter((label) => !oracle(label)))];
    const stems = assignStems(accepted);
    expect(new Set(stems).size).toBe(accepted.length);
    for (const stem of stems) {
      expect(stem).not.toMatch(/[\/\\\u0000-\u001f.]/);
      expect(Buffer.byteLength(`${stem}.distribution.vl.json`)).toBeLessThan(255);
    }
    for (const label of accepted.filter((_, i) => i % 40 === 0)) {
      const svg = await renderSvg(toVegaLite({ ...fortLevels(), title: label }));
      expect(svgToPng(svg).length, JSON.stringify(label)).toBeGreaterThan(1000);
    }
  }, 30_000);
});
