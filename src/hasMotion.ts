// Whether this window can look around by turning the device: orientation events exist and the main pointer is a
// finger (a phone or a tablet). The viewer offers its motion button only there; the server, which can only guess,
// draws its shell with it for a phone's browser (server/bootstrap/shellScreen.ts), and a window the guess missed
// takes the app's start instead (shellFit.ts). React-free: the inline starter bundles it.
export function hasMotion(win: Window | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return !!win && 'DeviceOrientationEvent' in win && win.matchMedia?.('(pointer: coarse)').matches === true;
}
