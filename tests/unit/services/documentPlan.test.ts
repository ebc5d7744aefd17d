import { describe, expect, it } from 'vitest';
import { DOC_LIMITS, planDocuments } from '../../../server/services/documentPlan';
import { decodeCursor, encodeCursor, likePattern, searchWords } from '../../../server/services/documentCursor';

const entry = (name: string) => ({ name, isDirectory: name.endsWith('/') });

describe('planDocuments', () => {
  it('lists every implied folder, parents first, and the last entry of a path wins', () => {
    const plan = planDocuments(
      ['b/c/x.txt', 'a/', 'b/c/x.txt', '__MACOSX/b/._x.txt', 'b/.DS_Store', 'top.pdf'].map(entry),
      'site',
    );
    expect(plan.dirs).toEqual(['a', 'b', 'b/c']);
    expect(plan.files.map((f) => `${f.dirPath}|${f.name}`)).toEqual(['b/c|x.txt', '|top.pdf']);
    expect(plan.extract.map((x) => x.index)).toEqual([2, 5]);
    expect(plan.files[0].key).toMatch(/^docs\/site\/[0-9a-f-]{36}\/x\.txt$/);
  });

  it('stores a file under its name with letters as their base letter, keeping the name shown', () => {
    const plan = planDocuments([entry('Planos/Lotización Straße Ø.pdf')], 'site');
    expect(plan.files[0].name).toBe('Lotización Straße Ø.pdf');
    expect(plan.files[0].key).toMatch(/^docs\/site\/[0-9a-f-]{36}\/Lotizacion_Strasse_O\.pdf$/);
  });

  it('refuses more folders than the bound, counting implied ones', () => {
    const chains = Array.from({ length: 400 }, (_, i) => entry(`c${i}/${'d/'.repeat(30)}f.txt`));
    expect(() => planDocuments(chains, 's')).toThrow(
      `its files are in more than ${DOC_LIMITS.folders.toLocaleString('en')} folders`,
    );
    expect(() => planDocuments([entry(`${'d/'.repeat(33)}f.txt`)], 's')).toThrow('nested more than 32 folders deep');
  });
});

describe('documentation cursors and search', () => {
  it('reads back the cursor it wrote and refuses anything else', () => {
    const c = { kind: 'file' as const, name: 'Plan "B".pdf', id: 'abc' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(() => decodeCursor('garbage')).toThrow('out of date');
    expect(() => decodeCursor(Buffer.from('["x","a","b"]').toString('base64url'))).toThrow('out of date');
  });

  it('makes LIKE patterns whose wildcards are plain letters', () => {
    expect(searchWords('  Pump   MANUAL ')).toEqual(['pump', 'manual']);
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
