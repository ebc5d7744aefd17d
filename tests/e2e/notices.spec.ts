// The product's own toasts (src/ui/notices) in place of the browser's alert(): a failed read on the documentation
// page shows an error toast that screen readers are told of (role alert in the region "Notifications"), passes axe,
// and is dismissed by keyboard; focus moves on to the next toast. A native dialog fails the test (cleanConsole).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers/cleanConsole';
import { collectToasts, failRoute, toastRegion } from './editor-helpers';

test('an error toast is announced, passes axe and is dismissed by keyboard', async ({ page }) => {
  const toasts = await collectToasts(page);
  await failRoute(page, /\/api\/site\/demo-farm\/documents/, 'GET', 'Index offline');
  await page.goto('/site/demo-farm/documentation');
  const region = toastRegion(page);
  const first = region.getByRole('alert');
  await expect(first).toHaveText(/500/);
  await expect(first).toHaveAttribute('aria-atomic', 'true');
  const axe = await new AxeBuilder({ page }).include('.toaster').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('error-toast.png') });

  // A second failure (a search) stacks a second toast under the first.
  await page.getByRole('searchbox').fill('pumps');
  await expect(region.getByRole('alert')).toHaveCount(2);
  expect(toasts).toHaveLength(2);

  // Escape on a focused toast dismisses it and hands focus to the other; Enter on Dismiss takes that one away.
  await first.first().getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Escape');
  await expect(region.getByRole('alert')).toHaveCount(1);
  const dismiss = region.getByRole('alert').getByRole('button', { name: 'Dismiss' });
  await expect(dismiss).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(region.getByRole('alert')).toHaveCount(0);
});
