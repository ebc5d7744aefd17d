// Ids made from names: the Marzipano Tool's scene folders, and our own site and tile ids.
import { baseLetters } from './baseLetters';
import { storableName } from './storableName';

/** The Marzipano Tool's scene slug: the lower-cased name with each other character turned to '-' ("Hall A" -> "hall-a",
 *  "Café" -> "caf-"): it names the folders of real exports, so it is not ours to change. */
export const sceneSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9_-]/g, '-');

/** The same slug with letters as their base letter ("Café" -> "cafe"): folders of exports renamed by hand or by tools
 *  that keep the letters. */
export const baseSceneSlug = (name: string) => sceneSlug(baseLetters(name));

/** A scene folder id ("3-hall-a") without its numeric prefix: the scene's name as the positions CSV's fileName gives it
 *  (in its storable spelling, as CSV cells are read: a folder unzipped on a Mac is often decomposed). */
export const sceneFolderName = (id: string) => storableName(id.replace(/^\d+-/, ''));

/**
 * A URL-safe id from a name (site ids, tile ids): lower case, letters as their base letter (baseLetters.ts), runs of other characters turned to
 * one '-', at most 40 characters; `fallback` when nothing is left.
 */
export const idSlug = (name: string, fallback: string) =>
  baseLetters(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || fallback;
