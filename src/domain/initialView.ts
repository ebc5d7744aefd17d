// A node's starting view (a site rule, not the renderer's): its stored initial parameters, turned by the
// site's rotation offset.
export interface ViewAngles {
  yaw: number;
  pitch: number;
  fov: number;
}

export function initialView(params: ViewAngles, rotationOffset = 0): ViewAngles {
  return { yaw: params.yaw + rotationOffset, pitch: params.pitch, fov: params.fov };
}
