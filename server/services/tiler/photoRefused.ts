import { Invalid } from '../errors.ts';

/** A photo the tiler will not take; the message names the photo and says what to do. */
export class PhotoRefused extends Invalid {}

/** `"IMG_0042.jpg" <reason>`: every refusal starts with the photo's name in quotes. */
export function refuse(name: string, reason: string): PhotoRefused {
  return new PhotoRefused(`${JSON.stringify(name)} ${reason}`);
}
