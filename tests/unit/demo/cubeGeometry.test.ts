import { describe, expect, it } from 'vitest';
import {
  FACES,
  FACE_AXES,
  directionToFace,
  directionToYawPitch,
  faceDirection,
  neighbourFaces,
  yawPitchToDirection,
  type Face,
} from '../../../server/demo/cubeGeometry.ts';
import { EXPORT_ZIP, fixtureFaces, flipVertical, hasFixture, rotate180, seamMismatches, worstSeam } from './helpers.ts';

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe('cube geometry (Marzipano convention)', () => {
  it('puts each face centre where DESIGN.md section 4 says', () => {
    const expected: Record<Face, { yaw: number; pitch: number }> = {
      f: { yaw: 0, pitch: 0 },
      r: { yaw: Math.PI / 2, pitch: 0 },
      b: { yaw: Math.PI, pitch: 0 },
      l: { yaw: -Math.PI / 2, pitch: 0 },
      u: { yaw: 0, pitch: -Math.PI / 2 },
      d: { yaw: 0, pitch: Math.PI / 2 },
    };
    for (const face of FACES) {
      const dir = yawPitchToDirection(expected[face].yaw, expected[face].pitch);
      const hit = directionToFace(dir);
      expect(hit.face).toBe(face);
      expect(hit.a).toBeCloseTo(0, 9);
      expect(hit.b).toBeCloseTo(0, 9);
    }
  });

  it('keeps the side faces upright and turning right to the right', () => {
    for (const face of ['f', 'r', 'b', 'l'] as Face[]) {
      expect(FACE_AXES[face].down).toEqual([0, -1, 0]);
      const centre = directionToYawPitch(faceDirection(face, 0, 0)).yaw;
      const right = directionToYawPitch(faceDirection(face, 0.5, 0)).yaw;
      const turn = Math.atan2(Math.sin(right - centre), Math.cos(right - centre));
      expect(turn).toBeGreaterThan(0); // positive yaw turns right
    }
    // Below the horizon is positive pitch.
    expect(directionToYawPitch(faceDirection('f', 0, 0.5)).pitch).toBeGreaterThan(0);
  });

  it('joins u to f along its bottom edge and d to f along its top edge', () => {
    expect(neighbourFaces('u')).toEqual({ top: 'b', bottom: 'f', left: 'l', right: 'r' });
    expect(neighbourFaces('d')).toEqual({ top: 'f', bottom: 'b', left: 'l', right: 'r' });
    expect(neighbourFaces('f')).toEqual({ top: 'u', bottom: 'd', left: 'l', right: 'r' });
    expect(neighbourFaces('b')).toEqual({ top: 'u', bottom: 'd', left: 'r', right: 'l' });
  });

  it('round-trips directions and yaw/pitch', () => {
    for (let k = 0; k < 500; k++) {
      const yaw = -Math.PI + Math.random() * 2 * Math.PI,
        pitch = -1.5 + Math.random() * 3;
      const dir = yawPitchToDirection(yaw, pitch);
      const back = directionToYawPitch(dir);
      expect(back.yaw).toBeCloseTo(yaw, 9);
      expect(back.pitch).toBeCloseTo(pitch, 9);
      const { face, a, b } = directionToFace(dir);
      expect(Math.abs(a)).toBeLessThanOrEqual(1 + 1e-9);
      expect(Math.abs(b)).toBeLessThanOrEqual(1 + 1e-9);
      unit(faceDirection(face, a, b)).forEach((v, i) => expect(v).toBeCloseTo(dir[i], 9));
    }
  });

  // The convention must hold on real photographs, not just agree with itself: the Marzipano Tool's own tiles
  // have to join without a jump at every seam when read with it, and must not when a face is turned.
  describe.skipIf(!hasFixture(EXPORT_ZIP))('on the real Marzipano Tool export', () => {
    it.each(['0-prism_uat_newfield1', '1-prism_uat_newfield2'])(
      '%s joins at every seam',
      async (scene) => {
        const faces = await fixtureFaces(scene, 2, 2, 512); // level 2: 1024 px from four 512-px tiles per face
        const seams = seamMismatches(faces);
        expect(Object.keys(seams)).toHaveLength(24);
        for (const [seam, diff] of Object.entries(seams)) expect(diff, seam).toBeLessThan(12);
        for (const face of FACES)
          expect(worstSeam({ ...faces, [face]: rotate180(faces[face]) }), `${face} turned`).toBeGreaterThan(18);
        expect(worstSeam({ ...faces, u: flipVertical(faces.u) })).toBeGreaterThan(18);
        expect(worstSeam({ ...faces, d: flipVertical(faces.d) })).toBeGreaterThan(18);
        expect(worstSeam({ ...faces, l: faces.r, r: faces.l })).toBeGreaterThan(18);
      },
      30000,
    );
  });
});
