// Keyboard-only helpers of the end-to-end tests: where the focus is, Tab to a named control, and whether the
// focused control shows a focus ring a sighted keyboard user can see.
import { expect, type Page } from '@playwright/test';

/** The focused element's accessible name as a person would read it (aria-label, else its text), or 'BODY'. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim() || el.tagName;
  });
}

/** Presses Tab (or `key`) until the focused control is called `name`; fails if `max` presses do not get there. */
export async function tabTo(page: Page, name: string | RegExp, max = 40, key = 'Tab'): Promise<number> {
  const matches = (n: string) => (typeof name === 'string' ? n === name : name.test(n));
  const seen: string[] = [];
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(key);
    const now = await focusedName(page);
    if (matches(now)) return i;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${String(name)}; it went through: ${seen.join(' | ')}`);
}

/** The focus is on the control called `name` (waits for it: panels take the focus as they open). */
export async function expectFocusOn(page: Page, name: string | RegExp) {
  await expect.poll(() => focusedName(page)).toEqual(typeof name === 'string' ? name : expect.stringMatching(name));
}

/**
 * What keeps the focused element's focus from being seen, or null: its outline and shadow (or its parent's,
 * for controls that light up their box with :focus-within) must change when it takes the focus, and it must
 * be big enough to see and not clipped away or hidden.
 */
export function focusRingProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'the focus is on the page body';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).replace(/\s+/g, ' ').trim();
    const look = () =>
      [el, el.parentElement]
        .filter((e): e is HTMLElement => !!e)
        .map((e) => {
          const cs = getComputedStyle(e);
          const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
          return `${outline ? `${cs.outlineWidth} ${cs.outlineColor}` : 'none'} / ${cs.boxShadow}`;
        })
        .join(' | ');
    const focused = look();
    el.blur();
    const plain = look();
    el.focus({ preventScroll: true });
    if (focused === plain) return `${name}: no focus ring (${focused})`;
    const r = el.getBoundingClientRect();
    if (r.width < 8 || r.height < 8)
      return `${name}: ${Math.round(r.width)}x${Math.round(r.height)} px, too small to see`;
    for (let a: HTMLElement | null = el; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.visibility === 'hidden' || cs.opacity === '0') return `${name}: hidden`;
      if (cs.clipPath !== 'none' && a !== el) return `${name}: clipped away (${cs.clipPath})`;
    }
    return null;
  });
}
