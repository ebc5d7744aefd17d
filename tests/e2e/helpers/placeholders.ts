// Text that must never reach a person: a default nobody filled in, a developer's note, or a value the code
// failed to turn into words. Read from what the page shows, its tab title and its description.
import { expect, type Page } from '@playwright/test';

const PLACEHOLDER = /PROJECT TITLE|SITE NAME|Lorem ipsum|\bTODO\b|\bFIXME\b|\bundefined\b|\bNaN\b|\[object Object\]/;

export async function expectNoPlaceholderText(page: Page): Promise<void> {
  const shown = await page.evaluate(() =>
    [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      document.body.innerText,
    ].join('\n'),
  );
  const lines = shown.split('\n').filter((l) => PLACEHOLDER.test(l));
  expect(lines, `placeholder text on ${page.url()}`).toEqual([]);
}
