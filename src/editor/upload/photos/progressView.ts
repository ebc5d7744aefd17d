// What the progress bars of a photo upload show, from the bytes sent so far and the tiling job's status: one bar
// per photo and one overall, each a fraction with a short text, and the sentence screen readers hear (the phase,
// never each percent). Pure: the page feeds it numbers.
import type { JobStatus, PhotoProgress } from '../../../../contract/api';

export interface Bar {
  name: string;
  /** 0..1. */
  value: number;
  text: string;
  state: PhotoProgress['state'] | 'uploading';
  error?: string;
}

export interface ProgressView {
  overall: Bar;
  photos: Bar[];
  /** The phase, for aria-live: changes a few times per upload, not with every percent. */
  announcement: string;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const pct = (x: number) => `${Math.round(clamp01(x) * 100)}%`;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** While the photos are sent: each photo's share of the bytes sent, in form order (photos are sent one after the
 *  other, so a photo is full once the bytes before it and its own have gone). */
export function uploadingView(photos: readonly { name: string; bytes: number }[], fraction: number): ProgressView {
  const total = photos.reduce((s, p) => s + p.bytes, 0);
  let before = 0;
  const sent = clamp01(fraction) * total;
  const bars = photos.map((p): Bar => {
    const value = p.bytes > 0 ? clamp01((sent - before) / p.bytes) : 1;
    before += p.bytes;
    return { name: p.name, value, text: `Uploading ${pct(value)}`, state: 'uploading' };
  });
  return {
    overall: { name: 'All photos', value: clamp01(fraction), text: `Uploading… ${pct(fraction)}`, state: 'uploading' },
    photos: bars,
    announcement: `Uploading ${plural(photos.length, 'photo')}…`,
  };
}

const photoText = (p: PhotoProgress) =>
  p.state === 'queued'
    ? 'Waiting'
    : p.state === 'failed'
      ? 'Failed'
      : p.state === 'done'
        ? 'Done'
        : p.total > 0
          ? `Tiling ${p.done} of ${p.total} tiles`
          : 'Reading';

/** Once the server has the photos: the job's own numbers. */
export function jobView(status: JobStatus): ProgressView {
  const photos = (status.photos ?? []).map((p): Bar => ({
    name: p.name,
    value: p.state === 'done' ? 1 : p.total > 0 ? clamp01(p.done / p.total) : 0,
    text: photoText(p),
    state: p.state,
    error: p.error,
  }));
  // An export's job imports tiles already made; a photo upload's job makes them.
  const isPhotos = !!status.photos;
  const [working, what] = isPhotos ? ['Tiling', 'the photos'] : ['Importing', 'the scenes'];
  const { done, total } = status.progress;
  const finished = photos.filter((p) => p.state === 'done').length;
  const value = status.state === 'done' ? 1 : total > 0 ? clamp01(done / total) : 0;
  const text =
    status.state === 'done'
      ? `Done: ${plural(status.result?.scenes ?? finished, 'scene')} added`
      : status.state === 'failed'
        ? 'Failed'
        : status.state === 'queued'
          ? 'Waiting for the server…'
          : total > 0
            ? `${working}… ${done} of ${total} tiles${isPhotos ? ` (${finished} of ${plural(photos.length, 'photo')} done)` : ''}`
            : `${working}…`;
  const announcement =
    status.state === 'done'
      ? `${isPhotos ? 'The photos are in' : 'The scenes are in'}: ${plural(status.result?.scenes ?? finished, 'new scene')}.`
      : status.state === 'failed'
        ? `The upload failed: ${status.error?.message ?? 'the server gave no reason.'}`
        : `The server is ${working.toLowerCase()} ${what}…`;
  return {
    overall: { name: 'All photos', value, text, state: status.state === 'failed' ? 'failed' : 'tiling' },
    photos,
    announcement,
  };
}
