// Which elements take the keyboard focus, in the order Tab reaches them.
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The first control inside `root` that Tab would reach. */
export function firstFocusable(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>(FOCUSABLE);
}

/** `el`, made focusable by script (not by Tab) when it is not a control of its own, such as a panel. */
export function focusTarget(el: HTMLElement): HTMLElement {
  if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  return el;
}
