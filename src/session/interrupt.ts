/**
 * Ctrl-C (SIGINT) and SIGTERM. Installed first thing at program start.
 *
 * - While a run is under way (someone holds `interruptSignal()`), the first signal aborts
 *   the run's signal: queued chunks are dropped, running ones stopped (the pool ends their
 *   threads), and what finished is written, marked partial. The process then exits 130
 *   after SIGINT, 143 after SIGTERM (128 + the signal's number, as shells report).
 * - A second signal quits at once, with the same code.
 * - With no run under way (still starting, or done), a signal quits at once.
 */

/** What the first signal does to a run, in the words of its message. */
const DEFAULT_STOPPING = 'stopping the running chunks and writing partial results';

export const EXIT_INTERRUPTED = 130;
export const EXIT_TERMINATED = 143;

type HandledSignal = 'SIGINT' | 'SIGTERM';

export interface InterruptEffects {
  exit(code: number): void;
  write(text: string): void;
}

/** The interrupt state machine, apart from the process (tests drive it directly). */
export class Interrupts {
  private readonly controller = new AbortController();
  private holders = 0;
  private code: number | undefined;
  /** What the first signal stops, in the holder's words (the latest holder's). */
  private stopping = DEFAULT_STOPPING;

  constructor(private readonly effects: InterruptEffects) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The exit code the interrupt asks for, or undefined if there was none. */
  get exitCode(): number | undefined {
    return this.code;
  }

  /**
   * A run under way: the first signal will stop it gracefully instead of quitting. `stopping` says
   * what that does (default: the running chunks stop and partial results are written).
   */
  hold(stopping = DEFAULT_STOPPING): { signal: AbortSignal; dispose(): void } {
    this.holders++;
    this.stopping = stopping;
    let disposed = false;
    return {
      signal: this.controller.signal,
      dispose: () => {
        if (!disposed) this.holders--;
        disposed = true;
      },
    };
  }

  receive(name: HandledSignal): void {
    const code = name === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED;
    if (this.code !== undefined) return this.effects.exit(this.code);
    if (this.holders === 0) return this.effects.exit(code);
    this.code = code;
    const again = name === 'SIGINT' ? 'Ctrl-C again' : 'send it again';
    this.effects.write(
      `\nbattle-odds: ${name === 'SIGINT' ? 'interrupted' : 'terminated (SIGTERM)'}; ${this.stopping} (${again} ` +
        'to quit now)\n',
    );
    this.controller.abort(new Error(`${name} received`));
  }
}

let installed: Interrupts | undefined;

/** Installs the SIGINT and SIGTERM handlers (once). Call it first thing in main. */
export function installInterruptHandlers(): Interrupts {
  if (installed) return installed;
  const interrupts = new Interrupts({
    exit: (code) => process.exit(code),
    write: (text) => process.stderr.write(text),
  });
  process.on('SIGINT', () => interrupts.receive('SIGINT'));
  process.on('SIGTERM', () => interrupts.receive('SIGTERM'));
  installed = interrupts;
  return interrupts;
}

/**
 * The signal a run watches; `dispose()` when the run is over. Installs the handlers if needed.
 * `stopping` words what the first signal does (see Interrupts.hold).
 */
export function interruptSignal(stopping?: string): { signal: AbortSignal; dispose(): void } {
  return installInterruptHandlers().hold(stopping);
}

/** True once a signal asked the run to stop: the process then exits 130 or 143 after writing what finished. */
export function wasInterrupted(): boolean {
  return installed?.exitCode !== undefined;
}

/** The exit code for a program that returned `code`: an interrupted run that finished cleanly exits 130 / 143. */
export function exitCodeAfter(code: number): number {
  return code === 0 && installed?.exitCode !== undefined ? installed.exitCode : code;
}
