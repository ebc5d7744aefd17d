// A server render counts as the page's shell only with its panorama box and no part left to the browser.
import { describe, expect, it } from 'vitest';
import { shellDrawn } from '../../../server/bootstrap/shellDrawn';

describe('shellDrawn', () => {
  it('takes a render with its panorama box and resolved boundaries', () => {
    expect(
      shellDrawn('<div class="viewer"><!--$--><div class="panorama-host" tabindex="-1"></div><!--/$--></div>'),
    ).toBe(true);
  });
  it('refuses a render without a panorama box (a route the app redirects)', () => {
    expect(shellDrawn('<div class="viewer"><div class="loading-screen"></div></div>')).toBe(false);
    expect(shellDrawn('<div class="panorama-hostile"></div>')).toBe(false);
  });
  it('refuses a boundary React left to the browser: an error, or a part still loading', () => {
    const box = '<div class="panorama-host"></div>';
    expect(shellDrawn(`${box}<!--$!--><template data-msg="x"></template><div>Loading</div><!--/$-->`)).toBe(false);
    expect(shellDrawn(`${box}<!--$?--><template id="B:0"></template><!--/$-->`)).toBe(false);
  });
});
