/** File system errors in words, for one-line messages: the cause first, the system's code after. */

/** Why a path could not be written or created. */
export function whyUnwritable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOSPC':
      return 'the disk is full (ENOSPC)';
    case 'EDQUOT':
      return 'the disk quota is used up (EDQUOT)';
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    case 'ENOENT':
      return 'its folder does not exist (ENOENT)';
    case 'ENOTDIR':
      return 'part of the path is a file, not a folder (ENOTDIR)';
    case 'EISDIR':
      return 'it is a folder (EISDIR)';
    case 'ELOOP':
      return 'a symbolic link loop is in the way (ELOOP)';
    case 'ENAMETOOLONG':
      return 'the name is too long for the file system (ENAMETOOLONG)';
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files (${code})`;
    case 'EIO':
      return 'an input/output error on the disk (EIO)';
    default:
      return code ? `the system refused (${code})` : String((error as Error)?.message ?? error);
  }
}

/** The error's code, if it is a system error. */
export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException)?.code;
}
