// Checks by geometry that a page's admin tables and forms fit its width: nothing under `root` reaches past the
// window's edges, no box that scrolls or clips sideways hides part of its content, and the page itself does not
// scroll sideways. Text shortened on purpose (an ellipsis) and visually hidden labels are not cut off.
import type { Page } from '@playwright/test';

/** Descriptions of what is cut off sideways under `root`; empty when everything fits. */
export async function cutOffSideways(page: Page, root: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > innerWidth + 1)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    // Only the outermost of a cut-off box and its contents is named.
    const named: Element[] = [];
    for (const top of document.querySelectorAll(sel)) {
      for (const el of [top, ...top.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || el.closest('.visually-hidden')) continue;
        if (named.some((n) => n.contains(el))) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.textOverflow === 'ellipsis') continue;
        const problem =
          r.left < -1 || r.right > innerWidth + 1
            ? `spans ${Math.round(r.left)}..${Math.round(r.right)} of ${innerWidth}`
            : style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1
              ? `hides ${el.scrollWidth - el.clientWidth}px of its content sideways`
              : null;
        if (problem) {
          out.push(`${name(el)} ${problem}`);
          named.push(el);
        }
      }
    }
    return out;
  }, root);
}
