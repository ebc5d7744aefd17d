// Where our pages may load pictures and videos from, for the page Content-Security-Policy (img-src, media-src).
// It must agree with the HTML policy (contract/htmlPolicy.ts): our own origin (/media/), inline raster data and
// blob: (previews of a picture before it is uploaded), plus any http(s) host when ALLOW_EXTERNAL_IMAGES is on,
// since info panels and the about page then show pictures from other sites.
import type { Config } from '../config.ts';

export function pageImageSources(config: Pick<Config, 'allowExternalImages'>): string[] {
  return ["'self'", 'data:', 'blob:', ...(config.allowExternalImages ? ['https:', 'http:'] : [])];
}
