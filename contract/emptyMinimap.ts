// The empty default minimap, in a module of its own without zod: the client's first view imports it, and the
// schemas of contract/api.ts would bring zod into that bundle.
import type { Minimap } from './api';

/** The empty default minimap (a floor without a plan yet): empty strings and zeros, scale 1, offsets 0. */
export const emptyMinimap = (site = '', floor = 0): Minimap => ({
  image_url: '',
  image_large_url: '',
  image: '',
  floor,
  floor_name: '',
  floor_tag: '',
  site,
  x_pixel_offset: 0,
  y_pixel_offset: 0,
  x_scale: 1,
  y_scale: 1,
  img_width: 0,
  img_height: 0,
  xy_flipped: false,
  __v: 0,
});
