/**
 * The layering the design promises, checked on the sources: the pure core (engine, kit,
 * statistics, rule systems, the composition root, chart requests) imports nothing from Node
 * and no Node-only package, so a browser or a Web Worker can load it; the engine never
 * imports the composition root or a rule system; nothing in src imports bench/; the core and
 * the page's question import nothing from the command line (type-only imports counted), and
 * no import circle runs through the question forms.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const SRC = path.join(ROOT, 'src');
/** Packages that need Node (threads, native code, the terminal, files). */
const NODE_ONLY = [
  'piscina',
  '@resvg/resvg-js',
  'commander',
  '@commander-js/extra-typings',
  'cli-progress',
  'dejavu-fonts-ttf',
  'csv-stringify',
  'bullmq',
  'ioredis',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Run-time imports of a module, static and dynamic (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  // Comments may quote code (an example command): they import nothing.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)) {
    if (m[1]) continue;
    const names = m[2]
      .replace(/[{}*]/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    out.push(m[3]);
  }
  for (const m of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) out.push(m[1]);
  return out;
}

/** Every import of a module, type-only ones included (a type import still ties the two together). */
function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?[\s\S]*?\s+from\s+'([^']+)';/gm)].map((m) => m[1]),
    ...[...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]),
  ];
}

/** The import circles among `files` (strongly connected groups of more than one module), type-only imports included. */
function circles(all: string[]): string[][] {
  const edges = new Map(
    all.map((f) => [
      f,
      allImports(f)
        .map((s) => resolve(f, s))
        .filter((t) => t !== null),
    ]),
  );
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, order.size);
    low.set(v, order.get(v) as number);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, order.get(w) as number));
    }
    if (low.get(v) !== order.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group);
  };
  for (const file of all) if (!order.has(file)) visit(file);
  return found;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return path.normalize(path.join(path.dirname(from), spec.replace(/\.js$/, '.ts')));
}

/** Every module reachable from the roots, with the bare imports each one makes. */
function graph(roots: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    const imports = runtimeImports(file);
    seen.set(file, imports);
    for (const spec of imports) {
      const next = resolve(file, spec);
      if (next) queue.push(next);
    }
  }
  return seen;
}

const rel = (p: string) => path.relative(ROOT, p);

describe('the pure core', () => {
  const roots = [path.join(SRC, 'core.ts'), ...files(path.join(SRC, 'systems')), ...files(path.join(SRC, 'engine'))];
  const modules = graph(roots);

  it('imports nothing from Node and no Node-only package, whatever it reaches', () => {
    expect(modules.size).toBeGreaterThan(50);
    for (const [file, imports] of modules) {
      for (const spec of imports) {
        expect(spec.startsWith('node:'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(NODE_ONLY.includes(spec), `${rel(file)} imports ${spec}`).toBe(false);
      }
      expect(rel(file).startsWith('src/node/'), `the core reaches ${rel(file)}`).toBe(false);
      expect(rel(file).startsWith('src/cli/commands'), `the core reaches ${rel(file)}`).toBe(false);
    }
  });

  it('the engine imports neither the composition root nor any rule system', () => {
    for (const file of files(path.join(SRC, 'engine'))) {
      for (const spec of runtimeImports(file)) {
        const target = resolve(file, spec);
        if (!target) continue;
        expect(rel(target).startsWith('src/app/'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(rel(target).startsWith('src/systems/'), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
  });

  it('nothing in src imports bench/', () => {
    for (const file of files(SRC)) {
      for (const spec of runtimeImports(file)) {
        const target = resolve(file, spec);
        expect(target !== null && rel(target).startsWith('bench/'), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
  });
});

describe('the question forms and the command line', () => {
  /** The core and the page's question and form: the command line is an adapter around them. */
  const INNER = ['systems', 'app', 'engine', 'kit', 'stats', 'web/question', 'web/ui'];

  it('nothing in the core or the page imports the command line, not even a type', () => {
    const cli = path.join(SRC, 'cli') + path.sep;
    let checked = 0;
    for (const dir of INNER) {
      for (const file of files(path.join(SRC, dir))) {
        checked++;
        for (const spec of allImports(file)) {
          const target = resolve(file, spec);
          expect(target !== null && target.startsWith(cli), `${rel(file)} imports ${spec}`).toBe(false);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("no import circle runs through the forms, the composition root or the page's question", () => {
    const forms = (file: string) =>
      /^src\/(engine\/form|app|web\/question|web\/ui)\//.test(rel(file)) ||
      /^src\/systems\/[^/]+\/form\.ts$/.test(rel(file));
    const through = circles(files(SRC)).filter((group) => group.some(forms));
    expect(through.map((group) => group.map(rel).join(' -> '))).toEqual([]);
  });
});

describe('generated modules', () => {
  it('the Kings & Things roster module matches the CSV files it is made from (npm run roster)', async () => {
    const { rosterModule } = (await import(path.join(ROOT, 'scripts/roster-data.mjs'))) as { rosterModule(): string };
    expect(readFileSync(path.join(SRC, 'systems/kings-and-things/rules/rosterData.ts'), 'utf8')).toBe(rosterModule());
  });
});
