// Photos and their CSV rows, as the scenes the shared pipeline writes.
import { describe, expect, it } from 'vitest';
import {
  matchPhotoRows,
  photoScene,
  PHOTO_SURVEY_NAME,
  uploadedPhotoName,
} from '../../../../server/services/ingest/photoScenes.ts';
import type { PositionRow } from '../../../../server/services/ingest/positionsCsv.ts';
import type { PhotoPlan } from '../../../../server/services/tiler/photoPlan.ts';

const row = (fileName: string, line: number, extra: Partial<PositionRow> = {}): PositionRow => ({
  line,
  title: `${fileName} title`,
  fileName,
  x: 5,
  y: 6,
  date: '2024-03-05',
  floor: 2,
  ...extra,
});

const plan = (name: string, headingDegrees: number | null = null): PhotoPlan => ({
  name,
  width: 2048,
  height: 1024,
  full: { width: 2048, height: 1024 },
  crop: null,
  headingDegrees,
  faceSize: 512,
  levels: [
    { tileSize: 256, size: 256, fallbackOnly: true },
    { tileSize: 512, size: 512 },
  ],
});

describe('uploadedPhotoName', () => {
  it('keeps the file name only, whichever slash a browser sent the folder with', () => {
    expect(uploadedPhotoName('C:\\Users\\me\\IMG_1.jpg', 1)).toBe('IMG_1.jpg');
    expect(uploadedPhotoName('walk/IMG_2.jpg', 2)).toBe('IMG_2.jpg');
    expect(uploadedPhotoName('IMG_3.jpg', 3)).toBe('IMG_3.jpg');
  });

  it('names a part without a file name by its place', () => {
    expect(uploadedPhotoName(undefined, 4)).toBe('photo 4');
    expect(uploadedPhotoName('', 5)).toBe('photo 5');
  });
});

describe('matchPhotoRows', () => {
  it('pairs each photo with the row naming it without its extension', () => {
    const rows = [row('b', 2), row('a', 3)];
    expect(matchPhotoRows(['a.jpg', 'b.JPG'], rows)).toEqual([rows[1], rows[0]]);
  });

  it('gives no rows when no CSV was sent', () => {
    expect(matchPhotoRows(['a.jpg', 'b.jpg'], undefined)).toEqual([undefined, undefined]);
  });

  it('names every photo without a row and every row without a photo, in one refusal', () => {
    expect(() => matchPhotoRows(['a.jpg', 'b.jpg', 'c.jpg'], [row('a', 2), row('x', 3), row('y', 4)])).toThrow(
      /no row in the positions CSV for "b\.jpg", "c\.jpg".*"x" \(line 3\), "y" \(line 4\)/,
    );
  });

  it('refuses two photos of one name (their rows could not be told apart)', () => {
    expect(() => matchPhotoRows(['a.jpg', 'a.png'], undefined)).toThrow(/named "a"/);
  });
});

describe('photoScene', () => {
  it('takes title, place, date, floor and survey from the row: placed', () => {
    const s = photoScene(plan('a.jpg'), row('a', 2, { surveyName: 'Spring' }), {
      date: undefined,
      floor: 0,
      surveyName: 'Form',
    });
    expect(s).toMatchObject({ name: 'a', title: 'a title', x: 5, y: 6, placed: true, date: '2024-03-05', floor: 2 });
    expect(s.surveyName).toBe('Spring');
  });

  it('without a row: the file name as title, 0,0 unplaced, the form date, floor and survey name', () => {
    const s = photoScene(plan('IMG 1.jpg'), undefined, { date: '2026-01-02', floor: 1, surveyName: undefined });
    expect(s).toMatchObject({ title: 'IMG 1', x: 0, y: 0, placed: false, date: '2026-01-02', floor: 1 });
    expect(s.surveyName).toBe(PHOTO_SURVEY_NAME);
    expect(s.tilesId).toMatch(/^img-1-[0-9a-f]{12}$/i);
  });

  it('writes the view the Tool writes, no hotspots, the plan pyramid, and the heading as rotation', () => {
    const s = photoScene(plan('a.jpg', 270), undefined, { date: '2026-01-02', floor: 0, surveyName: 'x' });
    expect(s.initialView).toEqual({ yaw: 0, pitch: 0, fov: Math.PI / 2 });
    expect([s.linkHotspots, s.infoHotspots]).toEqual([[], []]);
    expect([s.faceSize, s.levels]).toEqual([512, plan('a.jpg').levels]);
    expect(s.rotation).toBeCloseTo((3 * Math.PI) / 2, 9);
  });

  it('refuses a photo without a row when the form has no date', () => {
    expect(() => photoScene(plan('a.jpg'), undefined, { date: undefined, floor: 0, surveyName: undefined })).toThrow(
      /need the date field/,
    );
  });
});
