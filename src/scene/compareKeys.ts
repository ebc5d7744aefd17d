// Which side of a comparison the arrow and zoom keys turn. Pure.
import type { CompareStageMode } from './compareLayout';

export interface KeysRule {
  mode: CompareStageMode;
  locked: boolean;
  /** Toggle: the side on screen. */
  shown: 0 | 1;
}

/** Locked: the first side (the second follows it, so both turn). A flip: the side on screen. Free: the side the
 *  user pressed last (a press on the panorama also focuses it, so the next key is meant for what was pressed). */
export function keysSide(rule: KeysRule, lastPressed: 0 | 1): 0 | 1 {
  if (rule.locked) return 0;
  if (rule.mode === 'toggle') return rule.shown;
  return lastPressed;
}
