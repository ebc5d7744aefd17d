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

/** The site's start: its scene ('' = the first scene) and the camera there (absolute, the offset already in). */
export interface StartView extends ViewAngles {
  pano_id: string;
  rotation_offset?: number;
}

/**
 * The view a scene opens at: the deep link's view when the link names this scene; on a visit whose link names no
 * scene, the site's start view when this is the site's start scene; else the scene's own, turned by the site's
 * rotation offset. The viewer opens it, and the server names it in the page for the first script, so both follow
 * this one rule. Without a start scene set ('': the first scene) the scene's own view stands: the start view's
 * numbers then are only defaults nobody chose.
 */
export function openingView(
  node: { tiles_id: string; initial_parameters: ViewAngles },
  start: StartView,
  link: { node?: string | null; view?: Partial<ViewAngles> },
): ViewAngles {
  const base = initialView(node.initial_parameters, start.rotation_offset);
  if (link.node) return link.node === node.tiles_id && link.view ? { ...base, ...link.view } : base;
  return start.pano_id === node.tiles_id ? { yaw: start.yaw, pitch: start.pitch, fov: start.fov } : base;
}
