// Which windows take the server's shell: one of the screen it was drawn for (the layout class and the motion
// button), never another (a tablet sideways shows the motion button a desktop's shell lacks, and its toolbar would
// move; a phone held sideways has another layout than an upright phone's shell).
import { describe, expect, it } from 'vitest';
import { DESKTOP_SCREEN } from '../../contract/pageState';
import { shellFits } from '../../src/shellFit';

const windowOf = (width: number, height: number, touch: boolean) =>
  ({
    innerWidth: width,
    innerHeight: height,
    ...(touch ? { DeviceOrientationEvent: class {} } : {}),
    matchMedia: (q: string) => ({ matches: touch && q === '(pointer: coarse)' }),
  }) as unknown as Window;

const PHONE = { layout: 'phone-upright', motion: true } as const;

describe('shellFits', () => {
  it('takes a desktop window with a mouse for a desktop shell, the default', () => {
    expect(shellFits(windowOf(1280, 720, false))).toBe(true);
    expect(shellFits(windowOf(1280, 720, false), DESKTOP_SCREEN)).toBe(true);
  });
  it('leaves a desktop-sized touch screen and a phone to the app under a desktop shell', () => {
    expect(shellFits(windowOf(1366, 1024, true))).toBe(false);
    expect(shellFits(windowOf(390, 844, false))).toBe(false);
    expect(shellFits(windowOf(390, 844, true))).toBe(false);
  });
  it('takes an upright phone with a touch screen for a phone shell', () => {
    expect(shellFits(windowOf(390, 844, true), PHONE)).toBe(true);
  });
  it('leaves a phone held sideways, a phone without motion and a desktop to the app under a phone shell', () => {
    expect(shellFits(windowOf(844, 390, true), PHONE)).toBe(false);
    expect(shellFits(windowOf(390, 844, false), PHONE)).toBe(false);
    expect(shellFits(windowOf(1280, 720, false), PHONE)).toBe(false);
  });
});
