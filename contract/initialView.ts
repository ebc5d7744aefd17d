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

/**
 * The view a scene opens at: the deep link's view when the link names this scene, else the scene's own, turned by
 * the site's rotation offset. The viewer opens it, and the server names it in the page for the first script.
 */
export function openingView(
  node: { tiles_id: string; initial_parameters: ViewAngles },
  rotationOffset: number | undefined,
  link: { node?: string | null; view?: Partial<ViewAngles> },
): ViewAngles {
  const base = initialView(node.initial_parameters, rotationOffset);
  return link.node === node.tiles_id && link.view ? { ...base, ...link.view } : base;
}
