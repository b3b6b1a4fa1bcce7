import { describe, expect, it } from 'vitest';
import { assignStems, shortHash, slug } from '../../../src/core/model/fileNames.js';

describe('file stems from battle labels', () => {
  it('keep a readable slug when it is free', () => {
    expect(assignStems(['Fortress, with leader!', 'open ground'])).toEqual(['fortress-with-leader', 'open-ground']);
  });

  it('keep letters of any script, so non-ASCII labels stay readable and distinct', () => {
    expect(slug('Ärger im Süden')).toBe('ärger-im-süden');
    const stems = assignStems(['東京', '大阪']);
    expect(stems).toEqual(['東京', '大阪']);
  });

  it('labels that reduce to the same slug get a short hash suffix instead of overwriting each other', () => {
    const [a, b] = assignStems(['fortress!', 'fortress?']);
    expect(a).toBe('fortress');
    expect(b).toBe(`fortress-${shortHash('fortress?')}`);
  });

  it('reserved names (the files of the run itself) and empty slugs get a suffix too', () => {
    const [sweep, summary, punctuation] = assignStems(['sweep', 'Summary', '!!!']);
    expect(sweep).toMatch(/^sweep-[0-9a-f]{6}$/);
    expect(summary).toMatch(/^summary-[0-9a-f]{6}$/);
    expect(punctuation).toMatch(/^battle-[0-9a-f]{6}$/);
  });

  it('long labels are cut to a stem far below the 255-byte file-name limit', () => {
    const [stem] = assignStems(['x'.repeat(300)]);
    expect([...stem].length).toBeLessThanOrEqual(60);
    expect(Buffer.byteLength(`${stem}.capture-by-fort-level.vl.json`)).toBeLessThan(255);
    const [wide] = assignStems(['東'.repeat(300)]);
    expect(Buffer.byteLength(`${wide}.capture-by-fort-level.vl.json`)).toBeLessThan(255);
  });

  it('never contains a dot, so the files of one battle cannot meet those of another', () => {
    for (const stem of assignStems(['a.b', 'a', 'a capture by fort level', '..'])) expect(stem).not.toContain('.');
  });
});
