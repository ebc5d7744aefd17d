// Which new scene takes the place of an old one when a survey is replaced: the one of the same name in its upload
// (the data.js scene name or the photo's file name, without a picture's extension, so that a photo can follow the
// export scene it was made from), else the one of the same title. Pure.

const PICTURE_EXT = /\.(jpe?g|png|tiff?|webp|avif|heic)$/i;
const nameKey = (name: string) => name.replace(PICTURE_EXT, '');

interface OldScene {
  tiles_id: string;
  tiles_name: string;
  title: string;
}

interface NewScene {
  tilesId: string;
  name: string;
  title: string;
}

/** Old tiles id → the tiles id of its successor; old scenes without one are absent. */
export function successorsOf(old: readonly OldScene[], fresh: readonly NewScene[]): Map<string, string> {
  const byName = new Map<string, string>();
  const byTitle = new Map<string, string>();
  for (const s of fresh) {
    if (!byName.has(nameKey(s.name))) byName.set(nameKey(s.name), s.tilesId);
    if (!byTitle.has(s.title)) byTitle.set(s.title, s.tilesId);
  }
  const out = new Map<string, string>();
  for (const o of old) {
    const to = byName.get(nameKey(o.tiles_name)) ?? byTitle.get(o.title);
    if (to !== undefined) out.set(o.tiles_id, to);
  }
  return out;
}
