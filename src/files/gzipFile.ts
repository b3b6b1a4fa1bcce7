/**
 * Reading a gzipped text file from another machine (a shard's tally part) as untrusted
 * input, with the guards scenario files get and more: only a regular file (a FIFO,
 * `/dev/zero`, a folder or a socket is refused before a byte is read), at most `maxBytes`
 * on disk (checked on the opened file, then counted while reading: a file that grows or
 * reports size 0 is caught), at most `maxTextBytes` once decompressed and at most 200 times
 * its compressed size (counted as it inflates, so a gzip bomb is refused early and never
 * held whole), UTF-8.
 * Reading is streamed and asynchronous, so a Ctrl-C is seen while a large file is read.
 * Every failure is one InputError naming the file.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { InputError } from '../core/model/inputError.js';
import { formatBytes, kindOf, whyUnreadable } from './userFile.js';

export interface GzipTextLimits {
  /** The most bytes on disk. */
  maxBytes: number;
  /** The most bytes once decompressed. */
  maxTextBytes: number;
  /** What the file should be, for messages: `battle-odds tally file`. */
  what: string;
  /** The first character the text must start with (after white space), e.g. `{` for a JSON object. */
  startsWith?: string;
}

class Refusal extends Error {}

/**
 * Text that inflates more than this many times its compressed size is a gzip bomb: a tally
 * part compresses 3 to 10 times (each chunk's 64-digit key alone is incompressible), gzip
 * at most about 1,000 times. Checked past the first BOMB_FLOOR bytes, so small files are free.
 */
const BOMB_RATIO = 200;
const BOMB_FLOOR = 16 * 1024 * 1024;

/** The first byte that is not JSON white space, or -1. */
function firstNonSpace(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return i;
  }
  return -1;
}

export async function readGzipText(file: string, limits: GzipTextLimits): Promise<string> {
  const { maxBytes, maxTextBytes, what } = limits;
  let handle: FileHandle;
  try {
    // Without O_NONBLOCK, opening a FIFO nobody writes to would wait forever.
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new InputError(file, '', whyUnreadable(file, error, what));
  }
  const limit = `a ${what} may be at most ${formatBytes(maxBytes)}`;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new InputError(file, '', `${kindOf(stats)}, not a ${what}`);
    if (stats.size > maxBytes)
      throw new InputError(file, '', `is ${stats.size.toLocaleString('en-US')} bytes; ${limit}`);
    let read = 0;
    let inflated = 0;
    let started = limits.startsWith === undefined;
    const pieces: Buffer[] = [];
    await pipeline(
      handle.createReadStream({ autoClose: false, highWaterMark: 64 * 1024 }),
      async function* counted(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          read += chunk.length;
          if (read > maxBytes) throw new Refusal(`is larger than ${formatBytes(maxBytes)}; ${limit}`);
          yield chunk;
        }
      },
      createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          inflated += chunk.length;
          if (inflated > maxTextBytes)
            throw new Refusal(`decompresses to more than ${formatBytes(maxTextBytes)}, the most a ${what} may hold`);
          if (inflated > BOMB_FLOOR && inflated > BOMB_RATIO * read)
            throw new Refusal(
              `decompresses to more than ${BOMB_RATIO} times its size (${formatBytes(inflated)} from the first ` +
                `${formatBytes(read)}): a gzip bomb, not a ${what}`,
            );
          if (!started) {
            const first = firstNonSpace(chunk);
            if (first >= 0 && String.fromCharCode(chunk[first]) !== limits.startsWith)
              throw new Refusal(`does not hold a JSON object once decompressed: not a ${what}`);
            started = first >= 0;
          }
          pieces.push(chunk);
        }
      },
    );
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(pieces, inflated));
    } catch {
      throw new Refusal(`is not UTF-8 text once decompressed: not a ${what}`);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (error instanceof Refusal) throw new InputError(file, '', error.message);
    const code = (error as NodeJS.ErrnoException)?.code;
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new InputError(file, '', `not gzip data, or cut short (${(error as Error).message}): not a ${what}`);
    throw new InputError(file, '', whyUnreadable(file, error, what));
  } finally {
    await handle.close();
  }
}
