// The node edit form's input rules: rotation offset 0-360 in steps of 15 degrees, x and y
// 0-100 percent. Typing the upper bound wraps to the minimum and typing the minimum wraps to the upper bound;
// empty becomes the minimum; a value above the maximum is ignored (the previous value stays); a value that is
// not a number counts as 0.

export interface InputBounds {
  min: number;
  max: number;
  step: number;
}
export const ROTATION_INPUT: InputBounds = { min: 0, max: 360, step: 15 };
export const PERCENT_INPUT: InputBounds = { min: 0, max: 100, step: 1 };

/** The value the field takes after the person typed `raw` (previous: its value before). */
export function applyInputRule(raw: string, bounds: InputBounds, previous: number): number {
  const text = raw.trim();
  if (text === '') return bounds.min;
  const n = Number(text);
  if (!Number.isFinite(n)) return 0;
  if (n > bounds.max) return previous;
  if (n === bounds.max) return bounds.min;
  if (n <= bounds.min) return bounds.max;
  return n;
}
