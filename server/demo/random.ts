// Deterministic pseudo-randomness for the generators: the same label always gives the same picture, so demo
// content is reproducible and tests can compare outputs.

/** FNV-1a hash of a string (32-bit, unsigned). */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: string | number): () => number {
  let a = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
