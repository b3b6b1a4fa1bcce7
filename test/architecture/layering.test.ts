/**
 * The layering the design promises, checked on the sources with every import counted,
 * type-only ones included (a type import still ties two modules together): the pure core
 * (engine, kit, statistics, rule systems, the composition root) imports nothing from Node
 * and no Node-only package, so a browser or a Web Worker can load it; the engine never
 * imports the composition root or a rule system; the page imports no Node adapter; nothing
 * outside src/cli/ imports the command line (it is the outermost adapter: commander wiring
 * and printing); nothing in src imports bench/; and the import graph of src/ has no circle
 * (Tarjan's strongly connected components; a circle is reported by its files).
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
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        if (!target) continue;
        expect(rel(target).startsWith('src/app/'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(rel(target).startsWith('src/systems/'), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
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

describe('the adapters', () => {
  const under = (dir: string) => (file: string) => rel(file).startsWith(`src/${dir}/`);

  it('the page (src/web) reaches nothing of Node: no Node module, no Node-only package, no Node adapter', () => {
    const modules = graph(files(path.join(SRC, 'web')));
    expect(modules.size).toBeGreaterThan(30);
    for (const [file, specs] of modules) {
      for (const spec of specs) {
        expect(spec.startsWith('node:'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(NODE_ONLY.includes(spec), `${rel(file)} imports ${spec}`).toBe(false);
      }
      // The page draws its charts with src/output/charts (no Node there: the first check says so).
      for (const adapter of ['node', 'session', 'fleet', 'cli'])
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

  it('the fleet and the Node adapters import neither the run session nor the command line', () => {
    for (const file of files(SRC).filter((f) => under('fleet')(f) || under('node')(f))) {
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        if (!target) continue;
        expect(under('session')(target) || under('cli')(target), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
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
    expect(readFileSync(path.join(SRC, 'systems/kings-and-things/rules/rosterData.ts'), 'utf8')).toBe(rosterModule());
  });
});
