// A link arrow's rotation as the editor's handle sets it: radians clockwise from pointing up, as Marzipano and the
// engine's sprites read it (CSS `rotate()` turns the same way on screen).

const TAU = 2 * Math.PI;

/** A rotation in (-π, π]. */
export const wrapRotation = (r: number) => r - TAU * Math.ceil((r - Math.PI) / TAU);

/** The rotation that points from a marker's centre to a point `dx`, `dy` CSS pixels away (y down), or null when the
 *  point is too near the centre to tell a direction. */
export function rotationToward(dx: number, dy: number, minDistance = 6): number | null {
  if (Math.hypot(dx, dy) < minDistance) return null;
  return Math.atan2(dx, -dy);
}

/** The rotation after turning `degrees` clockwise (negative: anticlockwise). */
export const turned = (rotation: number, degrees: number) => wrapRotation(rotation + (degrees * Math.PI) / 180);

/** Whole degrees clockwise from up, in (-180, 180], as the handle announces it. */
export const rotationDegrees = (rotation: number) => {
  const d = Math.round((wrapRotation(rotation) * 180) / Math.PI);
  return d === -180 ? 180 : d;
};
