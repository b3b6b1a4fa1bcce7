/**
 * The layering the design promises, checked on the sources with every import counted,
 * type-only ones included (a type import still ties two modules together): the pure core
 * (src/core/) imports nothing from Node, no Node-only package and nothing outside itself, so a
 * browser or a Web Worker can load it; its folders are layers in a declared order, the engine's
 * phases too, and src/'s own folders (the core, the Node ring, the faces); the page imports no
 * Node adapter; nothing outside src/cli/ imports the command line; nothing in src imports bench/;
 * and neither the folders (at any depth) nor the files of src/ import each other in a circle
 * (Tarjan's strongly connected components; a circle is reported by its members).
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

/** Every import of a module: static (type-only and side-effect ones included), re-exports and dynamic imports. */
function imports(file: string): string[] {
  // Comments may quote code (an example command): they import nothing.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)';/gm)].map((m) => m[1]),
    ...[...text.matchAll(/^\s*import\s+'([^']+)';/gm)].map((m) => m[1]),
    ...[...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]),
  ];
}

/**
 * The circles of a graph (Tarjan's strongly connected components of more than one node, or
 * a node that imports itself), each as its nodes. Edges to nodes outside the graph are ignored.
 */
export function circlesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, order.size);
    low.set(v, order.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, order.get(w) as number));
    }
    if (low.get(v) !== order.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(group.reverse());
  };
  for (const v of edges.keys()) if (!order.has(v)) visit(v);
  return found;
}

/** The import graph of the modules in `all`: each module's imports of files in this tree. */
function importGraph(all: string[]): Map<string, string[]> {
  return new Map(
    all.map((f) => [
      f,
      imports(f)
        .map((s) => resolve(f, s))
        .filter((t) => t !== null),
    ]),
  );
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return path.normalize(path.join(path.dirname(from), spec.replace(/\.js$/, '.ts')));
}

/** Every module reachable from the roots, with the imports each one makes as written. */
function graph(roots: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    const specs = imports(file);
    seen.set(file, specs);
    for (const spec of specs) {
      const next = resolve(file, spec);
      if (next) queue.push(next);
    }
  }
  return seen;
}

const rel = (p: string) => path.relative(ROOT, p);

/**
 * The house, as the README draws it: the pure core (src/core/, its library door src/core.ts), the Node
 * ring around it, the two faces outside. Each list is in order: a folder imports only folders before it
 * (or itself); folders on one line are siblings and import neither each other.
 */
const CORE = path.join(SRC, 'core');
const CORE_LAYERS: readonly (readonly string[])[] = [
  ['random', 'stats'],
  ['model'],
  ['words'],
  ['form'],
  ['engine', 'systems'],
  ['registry'],
  ['run'],
  ['ask'],
];
/** The engine's phases, in the order data flows through them. */
const ENGINE_PHASES = ['validate', 'sample', 'summarize', 'answer', 'solve', 'sweep'];
/** src/'s top-level folders: the core, the Node ring (renderers, files, threads, fleet, run session), the faces. */
const HOUSE: readonly (readonly string[])[] = [
  ['core'],
  ['output'],
  ['files', 'threads'],
  ['fleet'],
  ['session'],
  ['cli', 'web'],
];

/** The folder of `file` one level below `dir` (null: outside `dir`, or a file directly in it). */
function folderUnder(dir: string, file: string): string | null {
  const inside = path.relative(dir, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
  const parts = inside.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** Every import from a folder of `dir` into another folder of it, as [from folder, to folder, file, spec]. */
function crossings(dir: string): [string, string, string, string][] {
  const found: [string, string, string, string][] = [];
  for (const file of files(dir)) {
    const from = folderUnder(dir, file);
    if (from === null) continue;
    for (const spec of imports(file)) {
      const target = resolve(file, spec);
      const to = target === null ? null : folderUnder(dir, target);
      if (to !== null && to !== from) found.push([from, to, rel(file), spec]);
    }
  }
  return found;
}

/** The imports that break an order of layers: into a later layer, a sibling, or a folder the order does not list. */
function againstTheOrder(dir: string, layers: readonly (readonly string[])[]): string[] {
  const layerOf = (folder: string) => layers.findIndex((l) => l.includes(folder));
  return crossings(dir)
    .filter(([from, to]) => layerOf(to) < 0 || layerOf(from) < 0 || layerOf(to) >= layerOf(from))
    .map(([from, to, file, spec]) => `${from} -> ${to}: ${file} imports ${spec}`);
}

/** The circles between the folders of `dir`, each as its folders. */
function folderCircles(dir: string): string[][] {
  const edges = new Map<string, string[]>();
  for (const f of readdirSync(dir)) if (statSync(path.join(dir, f)).isDirectory()) edges.set(f, []);
  for (const [from, to] of crossings(dir)) if (!edges.get(from)?.includes(to)) edges.get(from)?.push(to);
  return circlesOf(edges);
}

describe('the pure core', () => {
  const roots = [path.join(SRC, 'core.ts'), ...files(CORE)];
  const modules = graph(roots);

  it('imports nothing from Node, no Node-only package and nothing outside src/core/, whatever it reaches', () => {
    expect(modules.size).toBeGreaterThan(150);
    for (const [file, imports] of modules) {
      for (const spec of imports) {
        expect(spec.startsWith('node:'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(NODE_ONLY.includes(spec), `${rel(file)} imports ${spec}`).toBe(false);
      }
      const inCore = rel(file) === 'src/core.ts' || rel(file).startsWith(`src${path.sep}core${path.sep}`);
      expect(inCore, `the core reaches ${rel(file)}`).toBe(true);
    }
  });

  it('its folders are layered: each imports only the layers below it, never a sibling', () => {
    expect(
      readdirSync(CORE)
        .filter((f) => statSync(path.join(CORE, f)).isDirectory())
        .sort(),
    ).toEqual(CORE_LAYERS.flat().sort());
    expect(againstTheOrder(CORE, CORE_LAYERS)).toEqual([]);
  });

  it("the engine's phases import only earlier phases", () => {
    const engine = path.join(CORE, 'engine');
    expect(readdirSync(engine).sort()).toEqual([...ENGINE_PHASES].sort());
    expect(
      againstTheOrder(
        engine,
        ENGINE_PHASES.map((p) => [p]),
      ),
    ).toEqual([]);
  });

  it('the engine and the systems import neither the composition root nor each other (the layers above say so)', () => {
    const offending = crossings(CORE).filter(
      ([from, to]) => ['engine', 'systems'].includes(from) && ['registry', 'engine', 'systems'].includes(to),
    );
    expect(offending.map(([, , file, spec]) => `${file} imports ${spec}`)).toEqual([]);
  });

  it("each system's advice/ is a leaf: nothing of the system but its index.ts imports it", () => {
    const systems = path.join(CORE, 'systems');
    const offending: string[] = [];
    for (const system of readdirSync(systems).filter((f) => statSync(path.join(systems, f)).isDirectory())) {
      const advice = path.join(systems, system, 'advice');
      for (const file of files(path.join(systems, system))) {
        if (file.startsWith(advice + path.sep) || file === path.join(systems, system, 'index.ts')) continue;
        for (const spec of imports(file)) {
          const target = resolve(file, spec);
          if (target?.startsWith(advice + path.sep)) offending.push(`${rel(file)} imports ${spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('nothing in src imports bench/', () => {
    for (const file of files(SRC)) {
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        expect(target !== null && rel(target).startsWith('bench/'), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
  });
});

describe('the house', () => {
  const under = (dir: string) => (file: string) => rel(file).startsWith(`src/${dir}/`);

  it("src/'s folders are layered: the core, the Node ring around it, the faces outside", () => {
    expect(
      readdirSync(SRC)
        .filter((f) => statSync(path.join(SRC, f)).isDirectory())
        .sort(),
    ).toEqual(HOUSE.flat().sort());
    expect(againstTheOrder(SRC, HOUSE)).toEqual([]);
  });

  it('no two folders import each other, at any depth', () => {
    const folders = (dir: string): string[] =>
      readdirSync(dir)
        .map((f) => path.join(dir, f))
        .filter((p) => statSync(p).isDirectory())
        .flatMap((p) => [p, ...folders(p)]);
    const circles = [SRC, ...folders(SRC)].flatMap((dir) =>
      folderCircles(dir).map((c) => `${rel(dir)}: ${c.join(' -> ')}`),
    );
    expect(circles).toEqual([]);
  });

  it('the page (src/web) reaches nothing of Node: no Node module, no Node-only package, no Node adapter', () => {
    const modules = graph(files(path.join(SRC, 'web')));
    expect(modules.size).toBeGreaterThan(30);
    for (const [file, specs] of modules) {
      for (const spec of specs) {
        expect(spec.startsWith('node:'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(NODE_ONLY.includes(spec), `${rel(file)} imports ${spec}`).toBe(false);
      }
      // The page draws its charts with src/output/charts (no Node there: the first check says so).
      for (const adapter of ['files', 'threads', 'session', 'fleet', 'cli'])
        expect(under(adapter)(file), `the page reaches ${rel(file)}`).toBe(false);
    }
  });

  it('nothing outside src/cli/ imports the command line, not even a type', () => {
    const inCli = under('cli');
    let checked = 0;
    for (const file of files(SRC).filter((f) => !inCli(f))) {
      checked++;
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        expect(target !== null && inCli(target), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('the order finder reports an import against the order, into a sibling or into an unlisted folder', () => {
    const layers = [['a'], ['b', 'c'], ['d']];
    const layerOf = (f: string) => layers.findIndex((l) => l.includes(f));
    const against = (from: string, to: string) => layerOf(to) < 0 || layerOf(to) >= layerOf(from);
    expect(against('d', 'a')).toBe(false);
    expect(against('a', 'd')).toBe(true);
    expect(against('b', 'c')).toBe(true);
    expect(against('d', 'x')).toBe(true);
  });
});

describe('import circles', () => {
  it('the finder reports a circle by its files, and none in a graph without one', () => {
    const graphOf = (pairs: string) =>
      new Map(
        pairs.split(' ').reduce<[string, string[]][]>((all, pair) => {
          const [from, to] = pair.split('>');
          const entry = all.find(([n]) => n === from) ?? (all.push([from, []]), all[all.length - 1]);
          if (!all.some(([n]) => n === to)) all.push([to, []]);
          entry[1].push(to);
          return all;
        }, []),
      );
    expect(circlesOf(graphOf('a>b b>c c>d a>d'))).toEqual([]);
    expect(circlesOf(graphOf('a>b b>c c>a c>d d>e e>d x>x')).map((c) => [...c].sort())).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
      ['x'],
    ]);
  });

  it('the import graph of src/ has none, type-only imports counted', () => {
    const graph = importGraph(files(SRC));
    expect(graph.size).toBeGreaterThan(250);
    expect(circlesOf(graph).map((group) => group.map(rel).join(' -> '))).toEqual([]);
  });
});

describe('generated modules', () => {
  it('the Kings & Things roster module matches the CSV files it is made from (npm run roster)', async () => {
    const { rosterModule } = (await import(path.join(ROOT, 'scripts/roster-data.mjs'))) as { rosterModule(): string };
    const roster = path.join(SRC, 'core/systems/kings-and-things/rules/rosterData.ts');
    expect(readFileSync(roster, 'utf8')).toBe(rosterModule());
  });
});
