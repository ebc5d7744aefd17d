// The screen the server draws a viewer's shell for, from the request: a phone's browser (by its User-Agent or the
// mobile client hint) gets an upright phone's with the motion button, anything else a desktop's.
import { describe, expect, it } from 'vitest';
import { DESKTOP_SCREEN } from '../../../contract/pageState';
import { PHONE_SCREEN, shellScreenFor } from '../../../server/bootstrap/shellScreen';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('shellScreenFor', () => {
  it('draws a phone’s shell for a phone’s browser', () => {
    expect(shellScreenFor({ 'user-agent': IPHONE })).toEqual(PHONE_SCREEN);
    expect(shellScreenFor({ 'user-agent': ANDROID, 'sec-ch-ua-mobile': '?1' })).toEqual(PHONE_SCREEN);
    expect(shellScreenFor({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' })).toEqual(PHONE_SCREEN);
  });
  it('draws a desktop’s for a desktop, a tablet, a phone asking for the desktop site, or nothing said', () => {
    expect(shellScreenFor({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?0' })).toEqual(DESKTOP_SCREEN);
    expect(shellScreenFor({ 'user-agent': ANDROID_TABLET })).toEqual(DESKTOP_SCREEN);
    expect(shellScreenFor({ 'user-agent': ANDROID, 'sec-ch-ua-mobile': '?0' })).toEqual(DESKTOP_SCREEN);
    expect(shellScreenFor({})).toEqual(DESKTOP_SCREEN);
  });
});
