// Raw 8-bit RGB pixels, row after row, as the tiler's decode and reprojection pass them around.
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}
