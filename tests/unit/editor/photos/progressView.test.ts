import { describe, expect, it } from 'vitest';
import { jobView, uploadingView } from '../../../../src/editor/upload/photos/progressView';
import type { JobStatus } from '../../../../contract/api';

describe('uploadingView', () => {
  it('fills the photos one after the other as the bytes go', () => {
    const photos = [
      { name: 'a.jpg', bytes: 100 },
      { name: 'b.jpg', bytes: 300 },
    ];
    const v = uploadingView(photos, 0.5);
    expect(v.photos.map((p) => p.value)).toEqual([1, 100 / 300]);
    expect(v.overall).toMatchObject({ value: 0.5, text: 'Uploading… 50%' });
    expect(v.announcement).toBe('Uploading 2 photos…');
    expect(uploadingView(photos, 0).photos.map((p) => p.value)).toEqual([0, 0]);
    expect(uploadingView(photos, 1).photos.map((p) => p.value)).toEqual([1, 1]);
    expect(uploadingView(photos, Number.NaN).overall.value).toBe(0);
  });
});

const status = (over: Partial<JobStatus>): JobStatus => ({
  id: 'j',
  kind: 'tile-photos',
  site: 's',
  state: 'running',
  progress: { done: 30, total: 120 },
  photos: [
    { name: 'a.jpg', state: 'done', done: 60, total: 60 },
    { name: 'b.jpg', state: 'tiling', done: 0, total: 60 },
    { name: 'c.jpg', state: 'queued', done: 0, total: 0 },
  ],
  ...over,
});

describe('jobView', () => {
  it('shows each photo and the whole from the job', () => {
    const v = jobView(status({}));
    expect(v.photos.map((p) => [p.name, p.value, p.text])).toEqual([
      ['a.jpg', 1, 'Done'],
      ['b.jpg', 0, 'Tiling 0 of 60 tiles'],
      ['c.jpg', 0, 'Waiting'],
    ]);
    expect(v.overall).toMatchObject({ value: 0.25, text: 'Tiling… 30 of 120 tiles (1 of 3 photos done)' });
    expect(v.announcement).toBe('The server is tiling the photos…');
  });

  it("words an export's job as an import", () => {
    const v = jobView(status({ kind: 'ingest', photos: undefined }));
    expect(v.photos).toEqual([]);
    expect(v.overall.text).toBe('Importing… 30 of 120 tiles');
    expect(v.announcement).toBe('The server is importing the scenes…');
  });

  it('announces the end, and a failure with the server sentence naming the photo', () => {
    const done = jobView(
      status({
        state: 'done',
        result: { site: 's', floor: 0, date: '2024-01-01', node: 'n', scenes: 3, surveys: [], replaced: 0 },
      }),
    );
    expect(done.overall).toMatchObject({ value: 1, text: 'Done: 3 scenes added' });
    expect(done.announcement).toBe('The photos are in: 3 new scenes.');
    const failed = jobView(
      status({
        state: 'failed',
        error: { status: 400, message: '"b.jpg" does not decode: the file is truncated.' },
        photos: [{ name: 'b.jpg', state: 'failed', done: 3, total: 60, error: '"b.jpg" does not decode.' }],
      }),
    );
    expect(failed.announcement).toBe('The upload failed: "b.jpg" does not decode: the file is truncated.');
    expect(failed.photos[0]).toMatchObject({ state: 'failed', text: 'Failed', error: '"b.jpg" does not decode.' });
  });
});
