// Headers of every page we serve (index.html, scene.html, the client-route fallback): a Content-Security-Policy
// that lets our own scripts run and nothing else, says who may frame us (FRAME_ANCESTORS), and keeps pictures to
// the sources the HTML policy allows; no sniffing, no referrer to other sites.
import type { Config } from '../config.ts';
import { pageImageSources } from './pageImageSources.ts';

/** `inlineScripts`: CSP sources ('sha256-…') of the inline scripts our pages carry (the first view's starter). */
export function pageHeaders(
  config: Pick<Config, 'allowExternalImages' | 'frameAncestors' | 's3'>,
  inlineScripts: readonly string[] = [],
): Record<string, string> {
  // Blobs in a bucket are read from its public address: tiles by fetch, pictures and videos by the page.
  const bucket = config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
  const images = [...pageImageSources(config), ...bucket].join(' ');
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(' '),
    // scene.html has one inline style element (React's style props go through the CSSOM, which CSP leaves alone).
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    `media-src ${images}`,
    // blob:: GLTFLoader fetches a model's embedded textures (the VR controllers') from object URLs of our own page.
    `connect-src ${["'self'", 'blob:', ...bucket].join(' ')}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${config.frameAncestors}`,
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
