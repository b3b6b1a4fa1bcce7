/**
 * Where the fleet's queue lives: a Redis URL (redis:// or rediss:// for TLS, optional
 * user:password@ and /db), the key prefix and the queue name. Every key BullMQ writes for
 * battle-odds starts with `battle-odds:chunks:` (jobs `battle-odds:chunks:<job id>`, lists
 * and sets `battle-odds:chunks:wait`, `:active`, `:completed`, `:failed`, the event stream
 * `battle-odds:chunks:events`), so a Redis shared with other programs is safe.
 */
import { Redis } from 'ioredis';
import { InputError } from '../../core/model/inputError.js';

export const PREFIX = 'battle-odds';
export const QUEUE_NAME = 'chunks';

export interface QueueAddress {
  url: string;
  /** The URL without its password, for messages. */
  shown: string;
}

export function parseQueueUrl(text: string, flag = '--queue'): QueueAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(flag, '', `'${text}' is not a URL; give redis://host:6379`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new InputError(flag, '', `'${url.protocol}' is not redis: or rediss: (e.g. redis://host:6379)`);
  }
  if (url.password) url.password = '***';
  const shown = url.toString();
  // ioredis reads the database from the path; anything but a number there would be ignored.
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,9}$/.test(db))
    throw new InputError(flag, '', `'${shown}': the path '/${db}' is not a database number (e.g. redis://host:6379/2)`);
  if (url.search !== '' || url.hash !== '')
    throw new InputError(flag, '', `'${shown}': query strings and fragments are not read; give redis://host:port/db`);
  return { url: text, shown };
}

/** An ioredis connection as BullMQ needs it (commands wait for a reconnect instead of failing). */
export function connect(address: QueueAddress): Redis {
  // disconnectTimeout: a Redis that answers closes its side of a connection at once; one that is frozen never does,
  // and each connection would hold the process 2 s (ioredis's default) after a Ctrl-C.
  const redis = new Redis(address.url, { maxRetriesPerRequest: null, connectTimeout: 10_000, disconnectTimeout: 250 });
  // Connection errors are retried by ioredis; they surface through waitReady()'s message.
  redis.on('error', () => {});
  return redis;
}

/** Errors that mean nobody listens there: fail at once rather than retry for the whole wait. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Waits for the connection, or fails (at once when refused, else after `ms`) with a message naming the address. */
export async function waitReady(redis: Redis, address: QueueAddress, ms = 5_000): Promise<void> {
  if (redis.status === 'ready') return;
  let onError: (error: NodeJS.ErrnoException) => void = () => {};
  try {
    await new Promise<void>((resolve, reject) => {
      let lastError = '';
      const fail = () => {
        clearTimeout(timer);
        const refused = /^ERR DB index/.test(lastError) ? ': that database does not exist there' : '';
        reject(
          new InputError('--queue', '', `cannot reach ${address.shown}${lastError ? ` (${lastError})` : ''}${refused}`),
        );
      };
      const timer = setTimeout(fail, ms);
      onError = (error) => {
        lastError = error.message;
        // A refused connection, or a reply refusing it (a wrong password, a database that
        // does not exist: ioredis says so, then goes on with database 0): fail at once.
        if ((error.code && UNREACHABLE.has(error.code)) || error.name === 'ReplyError') fail();
      };
      redis.on('error', onError);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } finally {
    redis.off('error', onError);
  }
}

/** How long closing may wait for Redis: the submitter's clean-up in all, each step of a worker's. */
export const CLOSE_MS = 3_000;

/** Waits for `promise` at most `ms` (its failure ignored): closing never hangs on a dead connection. */
export async function within(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** How often a heartbeat asks Redis whether it is there. */
const BEAT_MS = 500;

/**
 * Whether Redis answers: a PING every half second on a connection of its own. A Redis that is
 * frozen (`kill -STOP`, a stuck machine) keeps its connections open and answers nothing, so no
 * connection error ever comes; the heartbeat notices the silence. `onSilent` is called once the
 * last answer is `silentAfterMs` old, `onBack` when Redis answers again.
 */
export class Heartbeat {
  private lastAnswer = Date.now();
  private pending = false;
  private silent = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly connection: Redis,
    private readonly silentAfterMs: number,
    private readonly onSilent: () => void,
    private readonly onBack: () => void = () => {},
  ) {
    connection.on('error', () => {});
    this.timer = setInterval(() => this.beat(), BEAT_MS);
    this.timer.unref();
  }

  /** A heartbeat on a new connection to the same Redis. */
  static of(redis: Redis, silentAfterMs: number, onSilent: () => void, onBack?: () => void): Heartbeat {
    return new Heartbeat(redis.duplicate(), silentAfterMs, onSilent, onBack);
  }

  private beat(): void {
    if (!this.pending) {
      this.pending = true;
      this.connection
        .ping()
        .then(() => {
          this.lastAnswer = Date.now();
          if (this.silent) this.onBack();
          this.silent = false;
        })
        .catch(() => {})
        .finally(() => (this.pending = false));
    }
    if (!this.silent && Date.now() - this.lastAnswer > this.silentAfterMs) {
      this.silent = true;
      this.onSilent();
    }
  }

  /** Whether Redis answered within the last few beats: closing waits for it only then. */
  get answering(): boolean {
    return !this.silent && Date.now() - this.lastAnswer < 4 * BEAT_MS;
  }

  stop(): void {
    clearInterval(this.timer);
    this.connection.disconnect();
  }
}
