/** `battle-odds serve`'s server: the built files with the right types and caching, nothing outside the folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFor, serveWeb, type Serving } from '../../src/web/serve.js';
import { InputError } from '../../src/engine/inputError.js';
import { tempDir } from '../helpers/cli.js';

let dir: string;
let serving: Serving;

beforeAll(async () => {
  dir = tempDir('battle-odds-web-');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(path.join(dir, 'sw.js'), 'self;');
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'export {};');
  serving = await serveWeb({ dir, port: 0 });
});

afterAll(async () => {
  await serving.close();
});

describe('serveWeb', () => {
  it('listens on 127.0.0.1 and gives its address', () => {
    expect(serving.url).toBe(`http://127.0.0.1:${serving.port}/`);
  });

  it('serves the page, revalidated on every load, and hashed assets cached for good', async () => {
    const page = await fetch(serving.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>t</title>');
    const asset = await fetch(new URL('assets/index-abc.js?x=1', serving.url));
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(new URL('sw.js', serving.url))).headers.get('cache-control')).toBe('no-cache');
    const head = await fetch(serving.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses other methods, missing files and anything outside the folder', async () => {
    expect((await fetch(serving.url, { method: 'POST' })).status).toBe(405);
    expect((await fetch(new URL('nothing.js', serving.url))).status).toBe(404);
    expect((await fetch(new URL('assets', serving.url))).status).toBe(404);
    for (const sneaky of ['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/x', '/%00', '/%E0%A4%A']) {
      expect(fileFor(dir, sneaky)).toBeNull();
    }
    expect(fileFor(dir, '/')).toBe(path.join(dir, 'index.html'));
  });

  it('says how to build the page when the folder has none', async () => {
    await expect(serveWeb({ dir: path.join(dir, 'assets'), port: 0 })).rejects.toThrow(InputError);
    await expect(serveWeb({ dir: path.join(dir, 'assets'), port: 0 })).rejects.toThrow('run `npm run web` first');
  });
});

describe('battle-odds serve', () => {
  it('prints the address and serves until the server closes', async () => {
    const { serveCommand } = await import('../../src/web/serveCommand.js');
    const { bufferIO } = await import('../../src/cli/io.js');
    const io = bufferIO();
    let running: Serving | undefined;
    const command = serveCommand(io, { onServing: (s) => (running = s) });
    const done = command.parseAsync(['--port', '0', '--dir', dir], { from: 'user' });
    await expect.poll(() => running).toBeDefined();
    expect(io.out()).toBe(`battle-odds: serving the page at ${running!.url} (Ctrl-C stops)\n`);
    expect((await fetch(running!.url)).status).toBe(200);
    await running!.close();
    await done;
  });
});
