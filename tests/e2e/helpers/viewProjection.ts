// Where a yaw/pitch lands on screen for a rectilinear view (vertical fov), from the data convention
// (direction(yaw, pitch) = (sin yaw cos pitch, -sin pitch, -cos yaw cos pitch)), independent of src/scene.

export type ViewParams = { yaw: number; pitch: number; fov: number };

/** CSS pixel of `h` in a `width` x `height` view, or null when it lies behind the viewer. */
export function projectToView(
  h: { yaw: number; pitch: number },
  v: ViewParams,
  width: number,
  height: number,
): [number, number] | null {
  const dir = (y: number, p: number) => [Math.sin(y) * Math.cos(p), -Math.sin(p), -Math.cos(y) * Math.cos(p)];
  const d = dir(h.yaw, h.pitch);
  const f = dir(v.yaw, v.pitch);
  const r = [Math.cos(v.yaw), 0, Math.sin(v.yaw)];
  const u = [r[1]! * f[2]! - r[2]! * f[1]!, r[2]! * f[0]! - r[0]! * f[2]!, r[0]! * f[1]! - r[1]! * f[0]!];
  const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const depth = dot(d, f);
  if (depth <= 0) return null;
  const ty = Math.tan(v.fov / 2);
  const tx = (ty * width) / height;
  return [width / 2 + (dot(d, r) / depth / tx) * (width / 2), height / 2 - (dot(d, u) / depth / ty) * (height / 2)];
}
