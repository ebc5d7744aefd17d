// Whether this window can look around by turning the device: orientation events exist and the main pointer is a
// finger (a phone or a tablet). The viewer offers its motion button only there, and the server, which cannot know,
// draws its shell without it: such a window takes the app's start instead (shellFit.ts). React-free: the inline
// starter bundles it.
export function hasMotion(win: Window | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return !!win && 'DeviceOrientationEvent' in win && win.matchMedia?.('(pointer: coarse)').matches === true;
}
