// Which windows take the server's shell: a desktop-sized window without a touch screen as its main pointer (a
// tablet shows the motion button, which the server's shell lacks, and its toolbar would move), and no phone.
import { describe, expect, it } from 'vitest';
import { shellFits } from '../../src/shellFit';

const windowOf = (width: number, height: number, touch: boolean) =>
  ({
    innerWidth: width,
    innerHeight: height,
    ...(touch ? { DeviceOrientationEvent: class {} } : {}),
    matchMedia: (q: string) => ({ matches: touch && q === '(pointer: coarse)' }),
  }) as unknown as Window;

describe('shellFits', () => {
  it('takes a desktop window with a mouse', () => {
    expect(shellFits(windowOf(1280, 720, false))).toBe(true);
  });
  it('leaves a desktop-sized touch screen and a phone to the app', () => {
    expect(shellFits(windowOf(1366, 1024, true))).toBe(false);
    expect(shellFits(windowOf(390, 844, false))).toBe(false);
  });
});
