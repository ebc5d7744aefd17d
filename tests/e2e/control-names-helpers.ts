// What the controls of a screen are called and which pictures they show: the accessibility tree's names
// (Playwright's aria snapshot, what a screen reader reads) and each icon's data-icon.
import type { Page } from '@playwright/test';

const CONTROL_ROLES =
  'button|link|checkbox|switch|radio|textbox|searchbox|combobox|listbox|slider|spinbutton|tab|menuitem|option';
const CONTROL_LINE = new RegExp(`^(${CONTROL_ROLES})(?: "((?:[^"\\\\]|\\\\.)*)")?(?=$|[ :\\[])`);

/** Every control in the accessibility tree of the page, as `role "name"` (name '' when it has none). */
export async function controlsOf(page: Page): Promise<{ role: string; name: string }[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const out: { role: string; name: string }[] = [];
  for (const raw of snapshot.split('\n')) {
    // YAML quotes a line holding a colon: - 'button "Panorama: ..."'
    const line = raw
      .trim()
      .replace(/^- /, '')
      .replace(/^'(.*)'$/, '$1')
      .replace(/''/g, "'");
    const m = CONTROL_LINE.exec(line);
    if (m) out.push({ role: m[1], name: (m[2] ?? '').replace(/\\"/g, '"') });
  }
  return out;
}

/** Why a control's name says nothing of what it does, or null. */
export function meaninglessName(name: string): string | null {
  const n = name.trim();
  if (!/[a-z].*[a-z]/i.test(n)) return 'no words';
  if (/^(button|link|icon|image|img|svg|click|click here|here|more|toggle|menu|open)$/i.test(n)) return 'generic';
  if (/^[a-z0-9]+(-[a-z0-9]+){2,}$/.test(n)) return 'an internal id';
  if (/^(https?:|\/)|\.(svg|png|jpe?g|webp)$/i.test(n)) return 'an address or file name';
  return null;
}

/** Each control that shows an icon: its name (aria-label, else its words) and the icons it shows. */
export function iconControlsOf(page: Page): Promise<{ name: string; icons: string[] }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], summary, label, [role="switch"], [role="button"]')]
      .filter((el) => el.querySelector('svg[data-icon]') && el.getClientRects().length > 0)
      .map((el) => ({
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim(),
        icons: [...el.querySelectorAll('svg[data-icon]')].map((s) => s.getAttribute('data-icon') ?? ''),
      })),
  );
}
