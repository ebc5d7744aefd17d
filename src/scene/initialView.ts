// A node's starting view: its stored initial parameters, turned by the site's rotation offset.
import type { View } from './view';

export function initialView(params: { yaw: number; pitch: number; fov: number }, rotationOffset = 0): View {
  return { yaw: params.yaw + rotationOffset, pitch: params.pitch, fov: params.fov };
}
