import { describe, expect, it } from 'vitest';
import { TextureCache, textureBytes } from '../../../src/scene/textureCache';

describe('texture cache', () => {
  it('evicts least recently used entries past the byte budget', () => {
    const evicted: string[] = [];
    const c = new TextureCache<string>({ budgetBytes: 300, onEvict: (k) => evicted.push(k) });
    c.set('a', 'A', 100);
    c.set('b', 'B', 100);
    c.set('c', 'C', 100);
    c.get('a');
    c.set('d', 'D', 100);
    expect(evicted).toEqual(['b']);
    expect(c.bytes).toBe(300);
    expect(c.has('a')).toBe(true);
  });

  it('never evicts the pinned preview or what is on screen', () => {
    const onScreen = new Set(['t1']);
    const c = new TextureCache<string>({ budgetBytes: 250, inUse: (k) => onScreen.has(k) });
    c.set('preview', 'P', 200, true);
    c.set('t1', 'T1', 100);
    c.set('t2', 'T2', 100);
    expect(c.has('preview')).toBe(true);
    expect(c.has('t1')).toBe(true);
    expect(c.has('t2')).toBe(true); // the newest entry stays even over budget
    c.set('t3', 'T3', 10);
    expect(c.has('t2')).toBe(false);
    expect(c.bytes).toBe(310);
  });

  it('counts RGBA bytes, a third more with mipmaps', () => {
    expect(textureBytes(512, 512, false)).toBe(1048576);
    expect(textureBytes(512, 512, true)).toBe(1398102);
  });
});
