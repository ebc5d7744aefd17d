// The one shader every panorama quad uses: sample a sub-rectangle of a texture, clamped half a texel inside
// it. The clamp is what lets six preview faces share one 256×1536 texture without bleeding into each other
// under linear filtering, and keeps tile edges from picking up wrap-around texels (no visible seams).
import * as THREE from 'three';

const vertexShader = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

const fragmentShader = /* glsl */ `
uniform sampler2D map;
uniform vec4 uvRect;    // x0, y0, x1, y1 in texture coordinates (y0 = first image row)
uniform vec4 clampRect; // the same, inset by half a texel
uniform float opacity;
varying vec2 vUv;
void main() {
  vec2 t = clamp(mix(uvRect.xy, uvRect.zw, vUv), clampRect.xy, clampRect.zw);
  gl_FragColor = vec4(texture2D(map, t).rgb, opacity);
}`;

type Rect = { x: number; y: number; w: number; h: number };

/**
 * @param rect the part of the texture this quad shows, in pixels of the texture (x, y from the top-left).
 * @param clampTo where sampling stays (half a texel inside it): the shown part itself unless said.
 */
export function makeFaceMaterial(
  map: THREE.Texture,
  texWidth: number,
  texHeight: number,
  rect: Rect,
  clampTo: Rect = rect,
): THREE.ShaderMaterial {
  const uvRect = new THREE.Vector4(
    rect.x / texWidth,
    rect.y / texHeight,
    (rect.x + rect.w) / texWidth,
    (rect.y + rect.h) / texHeight,
  );
  const hx = 0.5 / texWidth;
  const hy = 0.5 / texHeight;
  const c = clampTo;
  const clampRect = new THREE.Vector4(
    c.x / texWidth + hx,
    c.y / texHeight + hy,
    (c.x + c.w) / texWidth - hx,
    (c.y + c.h) / texHeight - hy,
  );
  return new THREE.ShaderMaterial({
    vertexShader,
    fragmentShader,
    uniforms: {
      map: { value: map },
      uvRect: { value: uvRect },
      clampRect: { value: clampRect },
      opacity: { value: 1 },
    },
    // Order, not depth, decides what is on top: coarse levels first, finer ones over them.
    depthTest: false,
    depthWrite: false,
    side: THREE.DoubleSide, // never lose a face to a winding slip; the cube is seen from inside only
  });
}

/** Texture settings shared by tiles and the preview: image rows top-first (ImageBitmap ignores flipY). */
export function makeImageTexture(image: ImageBitmap | HTMLCanvasElement, mipmaps: boolean): THREE.Texture {
  const tex = new THREE.Texture(image as unknown as HTMLImageElement);
  tex.flipY = false;
  tex.wrapS = THREE.ClampToEdgeWrapping;
  tex.wrapT = THREE.ClampToEdgeWrapping;
  tex.magFilter = THREE.LinearFilter;
  tex.minFilter = mipmaps ? THREE.LinearMipmapLinearFilter : THREE.LinearFilter;
  tex.generateMipmaps = mipmaps;
  tex.anisotropy = 1;
  tex.needsUpdate = true;
  return tex;
}
