// Every control of every screen, on a desktop and a phone (where the toolbar and the sidebar show icons only):
// it has a name that says what it does, and the icon it shows fits that name.
import { expect, test, type Page } from '@playwright/test';
import { demoSite, openViewer, problemsOnPages, withMultiSite, type DemoSite } from './app-helpers';
import { controlsOf, iconControlsOf, meaninglessName } from './control-names-helpers';
import { VIEWPORTS } from './viewports';

let demo: DemoSite;
test.beforeEach(async ({ request }) => {
  demo = await demoSite(request);
});

/** Which icons fit a control's name (a name not listed here fails: a new icon is matched on purpose). */
function fittingIcons(name: string): string[] | null {
  const scenes = demo.scenes.map((s) => s.survey_node.title);
  const infos = demo.scenes.flatMap((s) => s.survey_node.info_hotspots.map((h) => h.title));
  const table: [RegExp | ((n: string) => boolean), string[]][] = [
    [/^Home$/, ['home', 'map']],
    [/^(Site|Add Scenes)$/, ['building', 'water']],
    [/^Add Scene$/, ['upload']],
    [/^Documentation$/, ['doc']],
    [/^About$/, ['info']],
    [/^Animation$/, ['play']],
    [/^Site settings$/, ['settings']],
    [/^Surveys$/, ['list']],
    [/^Set start view here$/, ['camera']],
    [/^Enable Multisite$/, ['map']],
    [/^Collapse sidebar$/, ['chevron-left']],
    [/^Expand sidebar$/, ['chevron-right']],
    [/^Hotspots$/, ['list']],
    [/^Open Timeline$/, ['calendar']],
    [/^Close Timeline$/, ['calendar', 'close']],
    [/^Show Camera Info$/, ['camera']],
    [/^Look around by moving the phone$/, ['phone-motion']],
    [/^Enter VR$/, ['headset']],
    [/^Enlarge minimap$/, ['expand']],
    [/^Close( enlarged minimap| information)?$/, ['close']],
    [/^[A-Z][a-z]{2} \d{4}$/, ['chevron-down']],
    [(n) => scenes.includes(n), ['link-arrow']],
    [(n) => infos.includes(n), ['hotspot']],
    [/^Users$/, ['group']],
    [/^Sign in/, ['sign-in']],
    [/^Sign out$/, ['sign-out']],
    [/^Remove /, ['trash']],
    [/^Upload documents$/, ['upload']],
    [/^File View$/, ['grid']],
    [/^List View$/, ['list']],
    [/^Floor plan image$/, ['image']],
    [/^Back$/, ['chevron-left']],
    [/^Search/, ['search']],
    [/^See (more|less) farms$/, ['chevron-down']],
    [/^Add site$/, ['pin']],
    [/^Move$/, ['move']],
    [/^Save$/, ['save']],
    [/^Delete$/, ['trash']],
    [/^(Hide|Show|Hide\/Show)$/, ['eye', 'eye-slash']],
    [/^Change$/, ['edit']],
    [/^Cancel$/, ['cross']],
    [/^New map$/, ['map']],
    [/^Cover image$/, ['image']],
    [/^Compare dates$/, ['compare']],
    [/^Guided tours?$/, ['route']],
    [/^Hotspot editor$/, ['hotspot']],
    [/^Tour editor$/, ['edit']],
  ];
  for (const [match, icons] of table) if (typeof match === 'function' ? match(name) : match.test(name)) return icons;
  return null;
}

/** Icons that show what kind of thing an entry is (a folder, a document, a site's pin), whatever it is called. */
const isKindIcon = (icon: string, name: string) =>
  icon === 'folder' ||
  icon === 'doc' ||
  icon.startsWith('pin-') ||
  (icon === 'eye-slash' && /Site Disabled/.test(name));

async function problemsOf(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const c of await controlsOf(page)) {
    const why = c.name ? meaninglessName(c.name) : 'no name';
    if (why) problems.push(`${c.role} "${c.name}": ${why}`);
  }
  for (const c of await iconControlsOf(page)) {
    const fits = fittingIcons(c.name);
    if (!fits && c.icons.every((i) => isKindIcon(i, c.name))) continue;
    if (!fits) problems.push(`"${c.name}" shows ${c.icons.join(', ')}: which icon fits it is not known`);
    else if (!c.icons.every((i) => fits.includes(i))) problems.push(`"${c.name}" shows ${c.icons.join(', ')}`);
  }
  return problems;
}

for (const vp of ['desktop', 'phone upright'] as const) {
  test.describe(`on a ${vp}`, () => {
    test.use(VIEWPORTS[vp]);

    test('the viewer: every control is named for what it does, with a fitting icon', async ({ page }) => {
      // Each problem once, where it first shows (the sidebar's would repeat in every state of the viewer).
      const found = new Map<string, string>();
      const check = async (where: string) => {
        for (const p of await problemsOf(page)) if (!found.has(p)) found.set(p, where);
      };
      for (const path of ['/site', '/site?kiosk=1']) {
        await openViewer(page, demo, path);
        await check(path);
        // Camera info is a switch like its neighbours, not a bare checkbox beside an icon.
        const tools = page.getByRole('toolbar', { name: 'Viewer tools' });
        await expect.soft(tools.getByRole('checkbox')).toHaveCount(0);
        await expect.soft(tools.getByRole('switch', { name: 'Show Camera Info', checked: false })).toBeVisible();
        await page.getByRole('button', { name: 'Open Timeline' }).click();
        await check(`${path} with the timeline`);
        await page.getByRole('button', { name: 'Hotspots' }).click();
        await check(`${path} with the hotspot list`);
        await page.getByRole('button', { name: demo.scenes[0].survey_node.info_hotspots[0].title }).click();
        await expect(page.locator('.info-panel')).toBeVisible();
        await check(`${path} with an info panel`);
        await page.getByRole('button', { name: 'Close information' }).click();
        await page.getByRole('button', { name: 'Enlarge minimap' }).click();
        await check(`${path} with the enlarged minimap`);
      }
      expect([...found].map(([p, where]) => `${where}: ${p}`)).toEqual([]);
    });

    test('the other pages: every control is named for what it does, with a fitting icon', async ({ page }) => {
      expect(
        await problemsOnPages(page, ['/', '/documentation', '/about', '/addScene'], async (where) =>
          (await problemsOf(page)).map((p) => `${where}: ${p}`),
        ),
      ).toEqual([]);
    });
  });
}

test('the multi-site map (administrator and visitor): every control is named, with a fitting icon', async ({
  page,
  request,
}) => {
  await withMultiSite(request, async () => {
    expect(
      await problemsOnPages(page, ['/', '/?kiosk=1'], async (where) =>
        (await problemsOf(page)).map((p) => `${where}: ${p}`),
      ),
    ).toEqual([]);
  });
});
