// The renderer's WebGL context settings, and the context the page's inline starter makes (src/firstTiles.ts) for
// the early loader to adopt (earlyLoad.ts prepareContext). On a software rasteriser making a context is a round trip
// to the GPU process, which is busy drawing the page's first frames once they start: made there, 400-500 ms of the
// main thread at 10 Mbps (everything waiting behind it, the tiles' decodes too); made by the starter, while the HTML
// is still arriving and nothing is drawn yet, 35-50 ms. The two are separate scripts, so they meet on the window.

/** The renderer's context attributes: no depth buffer (order decides what is on top), no antialiasing
 *  (a textured cube has no geometric edges to smooth), opaque. */
export const GL_ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  depth: false,
  stencil: false,
  antialias: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
};

/** Extensions three.js asks for when it starts (WebGLExtensions.init, capabilities, programs): the first
 *  getExtension of each is a round trip to the GPU process, so it is done while nothing else waits. */
const RENDERER_EXTENSIONS = [
  'EXT_color_buffer_float',
  'WEBGL_clip_cull_distance',
  'OES_texture_float_linear',
  'EXT_color_buffer_half_float',
  'WEBGL_multisampled_render_to_texture',
  'WEBGL_render_shared_exponent',
  'EXT_texture_filter_anisotropic',
  'KHR_parallel_shader_compile',
  'EXT_clip_control',
  'WEBGL_multi_draw',
];

export interface EarlyContext {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
}

/** A canvas of `width` x `height` device pixels with the renderer's context, its extensions asked; null without
 *  WebGL 2. */
export function makeContext(width: number, height: number): EarlyContext | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('webgl2', GL_ATTRIBUTES);
  if (!context) return null;
  for (const name of RENDERER_EXTENSIONS) context.getExtension(name);
  return { canvas, context };
}

const KEY = '__starterContext';
type Slot = Record<typeof KEY, EarlyContext | null | undefined>;

/** The starter's: a context for the opening box, made now and kept until the early loader takes it. */
export function makeStarterContext(width: number, height: number): void {
  const slot = globalThis as unknown as Slot;
  if (slot[KEY] === undefined) slot[KEY] = makeContext(width, height);
}

/** The context the starter made, once (null when it made none, or it was lost meanwhile). */
export function takeStarterContext(): EarlyContext | null {
  const slot = globalThis as unknown as Slot;
  const made = slot[KEY] ?? null;
  slot[KEY] = null;
  return made && !made.context.isContextLost() ? made : null;
}
