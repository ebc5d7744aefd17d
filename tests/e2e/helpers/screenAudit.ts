// One look at the whole screen, in one evaluate: every visible interactive control lies inside the viewport and
// is the topmost element at the centre of the part of it that shows, and no text is cut off unless it ends in an
// ellipsis with the whole text in a title. A control that a scrolling box has scrolled out of sight is reachable
// (it scrolls); one cut off by a box that cannot scroll, or by the screen's edge, is not.
import type { Page } from '@playwright/test';

/** Faults as sentences (empty: the screen is fine). `scope`: only controls inside these (e.g. a modal's). */
export function auditScreen(page: Page, scope?: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const faults: string[] = [];
    const name = (el: Element) =>
      (
        el.getAttribute('aria-label') ||
        el.getAttribute('title') ||
        (el.textContent ?? '').trim() ||
        el.outerHTML.slice(0, 60)
      ).slice(0, 50);
    const hiddenForGood = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return true;
        if (e.hasAttribute('inert') || e.getAttribute('aria-hidden') === 'true') return true;
      }
      return false;
    };
    // Screen-reader-only content (clipped to a pixel, e.g. a canvas's accessible list) is not shown, so it
    // cannot be cut off or covered; nor is what a closed <details> holds.
    const srOnly = (el: Element) => {
      if (el.closest('details:not([open]) > :not(summary)')) return true;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const r = e.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || getComputedStyle(e).clipPath.startsWith('inset(50%')) return true;
      }
      return false;
    };
    // The part of the element that shows through every clipping box above it, and whether one that clipped it
    // can scroll (then the rest is a scroll away).
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
      let scrolls = false;
      // The smallest side of a scrolling box that cut it: a box a few pixels high cannot be scrolled by a finger.
      let room = Infinity;
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = e.getBoundingClientRect();
        const cut = l < c.left - 0.5 || t < c.top - 0.5 || rt > c.right + 0.5 || b > c.bottom + 0.5;
        if (cut && /auto|scroll/.test(s.overflowX + s.overflowY)) {
          scrolls = true;
          room = Math.min(room, e.clientWidth, e.clientHeight);
        }
        [l, t, rt, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(rt, c.right), Math.min(b, c.bottom)];
      }
      return { l, t, rt, b, scrolls, room, whole: r };
    };
    const root = scope ? document.querySelector(scope) : document.body;
    if (!root) return [`${scope} is missing`];
    const controls = root.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    );
    for (const el of controls) {
      // The panorama's own hotspots live in the picture: they turn with the view and may be anywhere.
      if (el.closest('.panorama-area') || hiddenForGood(el) || srOnly(el)) continue;
      // A native checkbox inside its label chip: the chip is the control a person taps.
      const target = el.matches('label > input') ? el.parentElement! : el;
      const v = shown(target);
      const w = v.rt - v.l,
        h = v.b - v.t;
      const r = v.whole;
      if (v.scrolls && v.room < 40) {
        faults.push(`"${name(el)}" is in a scrolling box ${Math.round(v.room)} px across: too small to scroll`);
        continue;
      }
      if (w < 1 || h < 1) {
        if (!v.scrolls) faults.push(`"${name(el)}" is cut away (no box of it shows and nothing scrolls to it)`);
        continue;
      }
      // Partly scrolled out of its box: the part that shows must be on screen (the rest is a scroll away).
      const [l, t, rt, b] = v.scrolls ? [v.l, v.t, v.rt, v.b] : [r.left, r.top, r.right, r.bottom];
      if (l < -0.5 || t < -0.5 || rt > innerWidth + 0.5 || b > innerHeight + 0.5) {
        faults.push(
          `"${name(el)}" runs off the ${innerWidth}x${innerHeight} screen: ${Math.round(l)},${Math.round(t)} to ${Math.round(rt)},${Math.round(b)}`,
        );
        continue;
      }
      if (!v.scrolls && (w < r.width - 1 || h < r.height - 1))
        faults.push(
          `"${name(el)}" is cut off: ${Math.round(w)}x${Math.round(h)} of ${Math.round(r.width)}x${Math.round(r.height)} show`,
        );
      const [x, y] = [(v.l + v.rt) / 2, (v.t + v.b) / 2];
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(target.contains(hit) || hit.contains(target)))
        faults.push(
          `"${name(el)}" is covered at ${Math.round(x)},${Math.round(y)} by ${hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')} "${name(hit)}"` : 'nothing'}`,
        );
    }
    // Text of its own (a text node child) in a box it overflows: allowed only as an ellipsis with the whole text
    // in a title (hover) on it or an element around it.
    for (const el of root.querySelectorAll('*')) {
      if (el.closest('.panorama-area, svg')) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!own) continue;
      const s = getComputedStyle(el);
      if (s.display.startsWith('inline') && s.display !== 'inline-block' && s.display !== 'inline-flex') continue;
      if (hiddenForGood(el) || srOnly(el)) continue;
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = s.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1;
      if (!wide && !tall) continue;
      // Inside a box that scrolls, the rest of the text is a scroll away.
      if (/auto|scroll/.test(s.overflowX + s.overflowY)) continue;
      const clipped = s.overflowX !== 'visible' || s.overflowY !== 'visible';
      const ellipsis = s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none';
      const titled = el
        .closest('[title]')
        ?.getAttribute('title')
        ?.includes((el.textContent ?? '').trim().slice(0, 20));
      if (!clipped)
        faults.push(
          `text of ${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${name(el)}" runs out of its box`,
        );
      else if (!ellipsis || !titled)
        faults.push(
          `text of ${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${name(el)}" is cut off without ${ellipsis ? 'a title' : 'an ellipsis'}`,
        );
    }
    return faults;
  }, scope);
}
