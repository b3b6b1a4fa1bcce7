/**
 * Whether a process that left a lock or a staging folder behind is still running. A pid
 * alone can be reused by an unrelated process after a crash, so where /proc exists the
 * process's start time is compared too; a zombie (exited, not yet reaped) counts as gone.
 */
import { readFileSync } from 'node:fs';

/** The start time of a process in clock ticks since boot (Linux /proc), or undefined elsewhere. */
export function processStartTime(pid: number): string | undefined {
  const stat = procStat(pid);
  return stat?.[19];
}

export function isProcessAlive(pid: number, startTime?: string): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat[0] === 'Z' || stat[0] === 'X') return false;
  return startTime === undefined || stat[19] === startTime;
}

/** The fields of /proc/<pid>/stat after the command name (state first), or undefined. */
function procStat(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces and parentheses.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
