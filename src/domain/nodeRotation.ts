// A node's rotation: stored in radians, edited in whole degrees (factor 57.2958) in steps of 15
// on the rotation handle; and the heading of the view cone the minimap draws for the current node.
export const DEGREES_PER_RADIAN = 57.2958;
export const FULL_CIRCLE = 360;
export const ROTATION_STEP = 15;

/** Normalises degrees to [0, 360). */
export const wrapDegrees = (d: number) => ((d % FULL_CIRCLE) + FULL_CIRCLE) % FULL_CIRCLE;

/** Stored radians to the form's whole degrees in [0, 360). */
export const degreesOfRotation = (rad: number) => wrapDegrees(Math.round(rad * DEGREES_PER_RADIAN));

/** The form's degrees to stored radians. */
export const rotationOfDegrees = (deg: number) => deg / DEGREES_PER_RADIAN;

/** Degrees snapped to the 15-degree step (the rotation handle). */
export const snapDegrees = (d: number) => wrapDegrees(Math.round(d / ROTATION_STEP) * ROTATION_STEP);

/** Heading of a node's view cone on the plan, degrees clockwise from up: yaw + node rotation + site rotation_offset. */
export function coneHeadingDegrees(yaw: number, nodeRotation: number, rotationOffset: number): number {
  const d = ((yaw + nodeRotation + rotationOffset) * 180) / Math.PI;
  return ((d % 360) + 360) % 360;
}
