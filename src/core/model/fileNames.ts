/**
 * File names derived from battle labels. Every battle gets a stem that is unique within
 * its run and valid on every common file system, decided when the scenario is validated
 * (so a run never fails at the end for a name): a readable slug that keeps letters of any
 * script, shortened and given a short hash suffix where needed. A battle's own files are
 * `<stem>.<part>.<ext>`; a slug never contains a dot, so they cannot meet another
 * battle's files or the run's fixed ones (`summary.csv`, `sweep.<chart>.svg` ...).
 */

/** Stems the run's own files use. */
const RESERVED = new Set(['summary', 'distributions', 'report', 'index', 'sweep', 'thresholds', 'readme']);
/** Longest stem in characters: with `.<part>.vl.json` it stays far below 255 bytes. */
const MAX_STEM = 60;

/** "Fortress, with leader!" -> "fortress-with-leader"; "Ärger im Süden" -> "ärger-im-süden". */
export function slug(label: string): string {
  return label
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** FNV-1a of the label, as 6 hex digits: a short, stable suffix. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0').slice(0, 6);
}

/**
 * One stem per label, in order: the slug when it is free, not reserved and short enough,
 * else a shortened slug with the label's hash. Labels must already be distinct.
 */
export function assignStems(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label, i) => {
    const base = slug(label);
    const chars = [...base];
    let stem = base;
    if (!base || chars.length > MAX_STEM || RESERVED.has(base) || used.has(base)) {
      const head = chars
        .slice(0, MAX_STEM - 7)
        .join('')
        .replace(/-+$/, '');
      stem = `${head || 'battle'}-${shortHash(label)}`;
    }
    // Two labels with the same hash and slug head (vanishingly rare): number them.
    if (used.has(stem)) stem = `${stem}-${i + 1}`;
    used.add(stem);
    return stem;
  });
}
