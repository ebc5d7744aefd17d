// Textured convex polygons in plain WebGL 2: what the early stage draws the first view with before three.js
// has loaded (see earlyStage). It samples exactly as faceMaterial does (a sub-rectangle of the texture,
// clamped half a texel inside it), so the engine's first frame repeats this picture and the handover is
// invisible. Leaves the context as it found it (nothing bound), as three.js expects when it takes over.
import type { ClippedPolygon } from './clipToView';
import type { ViewFrame } from './visibleTiles';

const VERTEX = `#version 300 es
in vec4 clipPos;
in vec2 uv;
out vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = clipPos;
}`;

const FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D map;
uniform vec4 uvRect;
uniform vec4 clampRect;
in vec2 vUv;
out vec4 color;
void main() {
  vec2 t = clamp(mix(uvRect.xy, uvRect.zw, vUv), clampRect.xy, clampRect.zw);
  color = vec4(texture(map, t).rgb, 1.0);
}`;

/** Floats per vertex: clip-space x, y, z, w, then u, v. */
const STRIDE = 6;
/** A polygon clipped by five planes has at most nine vertices. */
const MAX_VERTICES = 9;

export interface TextureRect {
  texture: WebGLTexture;
  /** Texture size in pixels. */
  width: number;
  height: number;
  /** The part shown, in pixels from the top-left. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where sampling stays (half a texel inside): the part shown unless said. */
  clamp?: { x: number; y: number; w: number; h: number };
}

export class QuadProgram {
  private readonly program: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject;
  private readonly buffer: WebGLBuffer;
  private readonly loc: {
    uvRect: WebGLUniformLocation | null;
    clampRect: WebGLUniformLocation | null;
    map: WebGLUniformLocation | null;
  };
  private readonly parallel: KHR_parallel_shader_compile | null;
  private linked = false;
  private readonly verts = new Float32Array(MAX_VERTICES * STRIDE);

  constructor(private readonly gl: WebGL2RenderingContext) {
    // Compile now but never wait for it here: with KHR_parallel_shader_compile the driver links in the
    // background while tiles are still arriving; ready() asks without blocking.
    this.parallel = gl.getExtension('KHR_parallel_shader_compile');
    const program = gl.createProgram()!;
    for (const [type, src] of [
      [gl.VERTEX_SHADER, VERTEX],
      [gl.FRAGMENT_SHADER, FRAGMENT],
    ] as const) {
      const s = gl.createShader(type)!;
      gl.shaderSource(s, src);
      gl.compileShader(s);
      gl.attachShader(program, s);
    }
    gl.bindAttribLocation(program, 0, 'clipPos');
    gl.bindAttribLocation(program, 1, 'uv');
    gl.linkProgram(program);
    this.program = program;
    this.buffer = gl.createBuffer()!;
    this.vao = gl.createVertexArray()!;
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, this.verts.byteLength, gl.DYNAMIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 4, gl.FLOAT, false, STRIDE * 4, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, STRIDE * 4, 16);
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    this.loc = { uvRect: null, clampRect: null, map: null };
  }

  /** Linked and usable (false while the driver is still compiling; throws if it failed). */
  ready(): boolean {
    if (this.linked) return true;
    const gl = this.gl;
    if (this.parallel && !gl.getProgramParameter(this.program, this.parallel.COMPLETION_STATUS_KHR)) return false;
    if (!gl.getProgramParameter(this.program, gl.LINK_STATUS))
      throw new Error(`Early panorama program: ${gl.getProgramInfoLog(this.program)}`);
    this.loc.uvRect = gl.getUniformLocation(this.program, 'uvRect');
    this.loc.clampRect = gl.getUniformLocation(this.program, 'clampRect');
    this.loc.map = gl.getUniformLocation(this.program, 'map');
    this.linked = true;
    return true;
  }

  /** Set up a frame on the whole drawing buffer. */
  begin(): void {
    const gl = this.gl;
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.disable(gl.BLEND);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.CULL_FACE);
    gl.disable(gl.SCISSOR_TEST);
    gl.useProgram(this.program);
    gl.uniform1i(this.loc.map, 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
  }

  /**
   * Draw one polygon (world positions on the unit cube, uv across its rectangle) with a part of a texture.
   * Clip space is computed here: x and y over the tangent of the half fov, w the depth along the view, so
   * the GPU interpolates texture coordinates with perspective, as a projection matrix would.
   */
  draw(poly: ClippedPolygon, frame: ViewFrame, tex: TextureRect): void {
    const gl = this.gl;
    const { right: r, up: u, forward: f, tanX, tanY } = frame;
    const p = poly.positions;
    for (let i = 0; i < poly.count; i++) {
      const x = p[i * 3]!;
      const y = p[i * 3 + 1]!;
      const z = p[i * 3 + 2]!;
      const o = i * STRIDE;
      this.verts[o] = (x * r[0] + y * r[1] + z * r[2]) / tanX;
      this.verts[o + 1] = (x * u[0] + y * u[1] + z * u[2]) / tanY;
      this.verts[o + 2] = 0;
      this.verts[o + 3] = x * f[0] + y * f[1] + z * f[2];
      this.verts[o + 4] = poly.uvs[i * 2]!;
      this.verts[o + 5] = poly.uvs[i * 2 + 1]!;
    }
    const x0 = tex.x / tex.width;
    const y0 = tex.y / tex.height;
    const x1 = (tex.x + tex.w) / tex.width;
    const y1 = (tex.y + tex.h) / tex.height;
    const hx = 0.5 / tex.width;
    const hy = 0.5 / tex.height;
    const c = tex.clamp ?? tex;
    gl.uniform4f(this.loc.uvRect, x0, y0, x1, y1);
    gl.uniform4f(
      this.loc.clampRect,
      c.x / tex.width + hx,
      c.y / tex.height + hy,
      (c.x + c.w) / tex.width - hx,
      (c.y + c.h) / tex.height - hy,
    );
    gl.bindTexture(gl.TEXTURE_2D, tex.texture);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.verts, 0, poly.count * STRIDE);
    gl.drawArrays(gl.TRIANGLE_FAN, 0, poly.count);
  }

  /** Unbind everything (three.js starts from the default state). */
  end(): void {
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    gl.bindVertexArray(null);
    gl.useProgram(null);
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteVertexArray(this.vao);
    gl.deleteBuffer(this.buffer);
    gl.deleteProgram(this.program);
  }
}
