// Look around by turning the phone (opt-in). iOS asks the user first: requestPermission must be called from
// a tap, so callers invoke enableDeviceOrientation() from a button's click handler.
import { orientationToYawPitch } from './controlMath';

type PermissionFn = () => Promise<'granted' | 'denied'>;

/** Ask for permission where the browser requires it (iOS 13+); true when events may be used. */
export async function requestOrientationPermission(): Promise<boolean> {
  const ctor = (globalThis as { DeviceOrientationEvent?: { requestPermission?: PermissionFn } }).DeviceOrientationEvent;
  if (!ctor) return false;
  if (typeof ctor.requestPermission !== 'function') return true;
  try {
    return (await ctor.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

/**
 * Call `onTurn(yaw, pitch)` with the direction the back of the device points, relative to where it pointed
 * at the first event (so enabling it does not jump the view). Returns an unsubscribe function.
 */
export function subscribeOrientation(onTurn: (dYaw: number, pitch: number) => void): () => void {
  let yaw0: number | null = null;
  const handler = (e: DeviceOrientationEvent) => {
    if (e.alpha == null || e.beta == null || e.gamma == null) return;
    const { yaw, pitch } = orientationToYawPitch(e.alpha, e.beta, e.gamma);
    if (yaw0 === null) yaw0 = yaw;
    onTurn(yaw - yaw0, pitch);
  };
  window.addEventListener('deviceorientation', handler);
  return () => window.removeEventListener('deviceorientation', handler);
}
