// Which window the server draws a viewer page's shell for, from what the request says of the device: a phone's
// browser names itself mobile (a "Mobi" in its User-Agent, or the Sec-CH-UA-Mobile client hint), and a phone
// offers the motion button (orientation events and a finger). A phone is most often held upright. A guess only:
// the page's inline starter compares it with the real window (src/shellFit.ts) and hides a shell drawn for
// another, so a wrong one costs what a page without a shell costs, never a wrong page.
import { DESKTOP_SCREEN, type ShellScreen } from '../../contract/pageState.ts';

export const PHONE_SCREEN: ShellScreen = { layout: 'phone-upright', motion: true };

/** The request headers the guess reads (the page's Vary names them). */
export const SCREEN_HEADERS = ['User-Agent', 'Sec-CH-UA-Mobile'];

export function shellScreenFor(headers: Record<string, string | string[] | undefined>): ShellScreen {
  const hint = headers['sec-ch-ua-mobile'];
  const ua = headers['user-agent'];
  const mobile = hint === '?1' || (hint !== '?0' && typeof ua === 'string' && /Mobi/.test(ua));
  return mobile ? PHONE_SCREEN : DESKTOP_SCREEN;
}
