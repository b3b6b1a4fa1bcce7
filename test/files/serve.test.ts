/**
 * `battle-odds serve`'s server: the built files with the right types and caching, nothing outside
 * the folder (symbolic links included), loopback unless a host is given, and a port in use or a
 * host that is not this machine's refused in one line (exit 2), never "internal error".
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFor, serveWeb, type Serving } from '../../src/files/serve.js';
import { InputError } from '../../src/core/model/inputError.js';
import { cli, tempDir } from '../helpers/cli.js';

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
    const { serveCommand } = await import('../../src/cli/commands/serve.js');
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

describe('symbolic links', () => {
  it('are followed only to files inside the folder: a link out of it (file or folder) serves nothing', async () => {
    const outside = tempDir('battle-odds-web-outside-');
    writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    const root = tempDir('battle-odds-web-links-');
    writeFileSync(path.join(root, 'index.html'), '<title>links</title>');
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'real.js'), 'export {};');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
    symlinkSync(outside, path.join(root, 'outdir'));
    symlinkSync('/etc/hostname', path.join(root, 'assets', 'host.js'));
    symlinkSync('real.js', path.join(root, 'assets', 'alias.js'));
    symlinkSync('loop-b', path.join(root, 'loop-a'));
    symlinkSync('loop-a', path.join(root, 'loop-b'));
    execFileSync('mkfifo', [path.join(root, 'pipe.js')]);
    const linked = await serveWeb({ dir: root, port: 0 });
    try {
      for (const url of ['leak.txt', 'outdir/secret.txt', 'assets/host.js', 'loop-a', 'pipe.js', 'outdir/']) {
        const r = await fetch(new URL(url, linked.url));
        expect(r.status, url).toBe(404);
        expect(await r.text(), url).toBe('not found\n');
      }
      const alias = await fetch(new URL('assets/alias.js', linked.url));
      expect(alias.status).toBe(200);
      expect(await alias.text()).toBe('export {};');
    } finally {
      await linked.close();
    }
    // The folder itself may be a link (a build folder linked into place): it is served.
    const link = path.join(tempDir('battle-odds-web-dirlink-'), 'web');
    symlinkSync(root, link);
    expect(fileFor(link, '/')).toBe(path.join(root, 'index.html'));
    expect(fileFor(link, '/leak.txt')).toBeNull();
  });
});

describe('where it listens', () => {
  it('refuses an empty or malformed host in words, before listening', async () => {
    for (const host of ['', ' ', '[]']) {
      await expect(serveWeb({ dir, port: 0, host })).rejects.toThrow('serve: --host: is empty; give 127.0.0.1');
    }
    for (const host of ['bad host!', 'a\u001bb', '-x.example', 'x'.repeat(300)]) {
      await expect(serveWeb({ dir, port: 0, host })).rejects.toThrow('is not an IP address or a host name');
    }
  });

  it('a host given by name is resolved and used (localhost)', async () => {
    const local = await serveWeb({ dir, port: 0, host: 'localhost' });
    expect(local.url).toBe(`http://localhost:${local.port}/`);
    await local.close();
  });

  it('a port in use, a host that does not resolve or is not this machine: one line, exit 2', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const inUse = await cli(['serve', '--dir', dir, '--port', String(port)]);
      expect(inUse.code).toBe(2);
      expect(inUse.stderr).toBe(
        `battle-odds: error: serve: --port: ${port} is already in use on 127.0.0.1; ` +
          'pick another, or 0 for any free port\n',
      );
    } finally {
      busy.close();
    }
    const unknown = await cli(['serve', '--dir', dir, '--port', '0', '--host', 'nosuch.invalid']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^battle-odds: error: serve: --host: 'nosuch\.invalid' does not resolve to an address \(E[A-Z_]+\)\n$/,
    );
    const foreign = await cli(['serve', '--dir', dir, '--port', '0', '--host', '192.0.2.1']);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toBe(
      "battle-odds: error: serve: --host: '192.0.2.1' is not an address of this machine (EADDRNOTAVAIL)\n",
    );
    const empty = await cli(['serve', '--dir', '', '--port', '0']);
    expect(empty.stderr).toBe('battle-odds: error: serve: --dir: is empty: name the folder of the built page\n');
  });
});
