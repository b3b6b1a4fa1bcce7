/**
 * The worker fleet's packages (BullMQ on Redis, through ioredis) are optional peers: a library user
 * or a single machine never needs them, so they are installed beside battle-odds only where `--queue`
 * or `worker` runs. A module that needs them loads through here, and their absence is one line
 * naming the flag and the command that installs them, not a module-resolution stack trace.
 */
import { InputError } from '../core/model/inputError.js';

/** The packages the fleet needs, as `npm install` takes them. */
export const FLEET_PACKAGES = ['bullmq', 'ioredis'] as const;

/** Whether an error is Node failing to find one of the fleet's packages. */
export function missingFleetPackage(error: unknown): string | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return null;
  return FLEET_PACKAGES.find((name) => String(message).includes(`'${name}'`)) ?? null;
}

/** `load()` (a dynamic import of fleet code), or one line if the fleet's packages are not installed. */
export async function loadFleet<T>(flag: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingFleetPackage(error);
    if (missing === null) throw error;
    throw new InputError(
      flag,
      '',
      `needs the worker fleet's packages, which are not installed (${missing} is missing): ` +
        `npm install ${FLEET_PACKAGES.join(' ')}`,
    );
  }
}
