/**
 * Battle and variant labels name output files and CSV columns; the engine checks that
 * labels stay distinct under this mapping before anything runs.
 */
/** A label as a file-name-safe slug: "Fortress, with leader!" -> "fortress-with-leader". */
export function slug(label: string): string {
  const s = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'battle';
}
