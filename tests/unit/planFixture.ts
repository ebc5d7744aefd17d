// A floor plan of 800x400 pixels whose node coordinates are its pixels (no offset, scale 1, axes as drawn).
export const PLAN = {
  x_pixel_offset: 0,
  y_pixel_offset: 0,
  x_scale: 1,
  y_scale: 1,
  img_width: 800,
  img_height: 400,
  xy_flipped: false,
};
