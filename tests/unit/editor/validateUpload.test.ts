import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  csvWithoutOrphans,
  parsePositions,
  rowFloor,
  tileFoldersOf,
  uploadFloors,
  validateUpload,
} from '../../../src/editor/upload/validateUpload';

const listing = [
  'app-files/',
  'app-files/data.js',
  'app-files/img/link.png',
  'app-files/tiles/0-prism_uat_newfield1/preview.jpg',
  'app-files/tiles/0-prism_uat_newfield1/1/f/0/0.jpg',
  'app-files/tiles/1-prism_uat_newfield2/preview.jpg',
  '__MACOSX/app-files/tiles/._junk/x',
];
const header = 'title,fileName,x,y,date,floor';
const csv = (...rows: string[]) => parsePositions([header, ...rows].join('\r\n'));

describe('tileFoldersOf', () => {
  it('finds tile folders, strips the numeric prefix, keeps export order', () => {
    expect(tileFoldersOf(listing)).toEqual([
      { id: '0-prism_uat_newfield1', name: 'prism_uat_newfield1', index: 0 },
      { id: '1-prism_uat_newfield2', name: 'prism_uat_newfield2', index: 1 },
    ]);
  });
  it('finds them inside a wrapping folder and in number order', () => {
    expect(
      tileFoldersOf(['tour/app-files/tiles/10-b/1.jpg', 'tour/app-files/tiles/2-a/1.jpg']).map((f) => f.id),
    ).toEqual(['2-a', '10-b']);
  });
});

describe('validateUpload', () => {
  const folders = tileFoldersOf(listing);
  it('accepts the real fixture pair', () => {
    const v = validateUpload(
      folders,
      csv('front,prism_uat_newfield1,20,30,04/02/2024,0', 'back,prism_uat_newfield2,21,31,04/02/2024,0'),
      true,
    );
    expect(v.error).toBe(false);
    expect(v.rows.map((r) => [r.scene, r.x, r.y, r.name, r.date, r.status])).toEqual([
      ['prism_uat_newfield1', '20', '30', 'front', '04/02/2024', 'ok'],
      ['prism_uat_newfield2', '21', '31', 'back', '04/02/2024', 'ok'],
    ]);
  });
  it('matches a folder unzipped in NFD to its NFC CSV row, and the other way round', () => {
    const nfd = tileFoldersOf(['app-files/tiles/0-cafe\u0301/preview.jpg']);
    expect(validateUpload(nfd, csv('front,caf\u00e9,20,30,04/02/2024,0'), true).error).toBe(false);
    const nfc = tileFoldersOf(['app-files/tiles/0-caf\u00e9/preview.jpg']);
    expect(validateUpload(nfc, csv('front,cafe\u0301,20,30,04/02/2024,0'), true).error).toBe(false);
  });
  it('a tile folder with no CSV row is not found and blocks', () => {
    const v = validateUpload(folders, csv('front,prism_uat_newfield1,20,30,04/02/2024,0'), true);
    expect(v.error).toBe(true);
    expect(v.rows[1]).toMatchObject({ scene: 'prism_uat_newfield2', status: 'error', foundInCsv: false });
  });
  it('a CSV row with no folder is an orphan: a warning that does not block', () => {
    const v = validateUpload(
      folders,
      csv(
        'front,prism_uat_newfield1,20,30,04/02/2024,0',
        'back,prism_uat_newfield2,21,31,04/02/2024,0',
        'extra,barn,1,2,04/02/2024,0',
      ),
      true,
    );
    expect(v.error).toBe(false);
    expect(v.orphanLines).toEqual([4]);
    expect(v.rows[2]).toMatchObject({ scene: 'barn', status: 'orphan', isOrphan: true });
  });
  it('missing or empty x or y is a coordinate error', () => {
    for (const row of [
      'front,prism_uat_newfield1,,30,04/02/2024,0',
      'front,prism_uat_newfield1,20, ,04/02/2024,0',
      'front,prism_uat_newfield1,abc,3,04/02/2024,0',
    ]) {
      const v = validateUpload(folders.slice(0, 1), csv(row), false);
      expect(v.error).toBe(true);
      expect(v.csvError).toBe(true);
      expect(v.rows[0].status).toBe('error');
    }
  });
  it('a missing date blocks only when the timeline is on', () => {
    const c = csv('front,prism_uat_newfield1,20,30,,0');
    expect(validateUpload(folders.slice(0, 1), c, true).error).toBe(true);
    expect(validateUpload(folders.slice(0, 1), c, false).error).toBe(false);
    expect(validateUpload(folders.slice(0, 1), csv('front,prism_uat_newfield1,20,30,2024-02-31,0'), true).error).toBe(
      true,
    );
    expect(validateUpload(folders.slice(0, 1), csv('front,prism_uat_newfield1,20,30,2024-02-04,0'), true).error).toBe(
      false,
    );
  });
  it('matches names the Tool turned into slugs', () => {
    const v = validateUpload(
      tileFoldersOf(['app-files/tiles/0-barn-1/preview.jpg']),
      csv('b,Barn 1,1,2,04/02/2024,0'),
      true,
    );
    expect(v.error).toBe(false);
  });
  it('matches accented names to folders slugged either way', () => {
    const folders = tileFoldersOf(['app-files/tiles/0-lotizaci-n/preview.jpg', 'app-files/tiles/1-stra-e_sur/p.jpg']);
    const tool = validateUpload(folders, csv('a,Lotización,1,2,04/02/2024,0', 'b,Straße_Sur,1,2,04/02/2024,0'), true);
    expect(tool.error).toBe(false);
    const based = tileFoldersOf(['app-files/tiles/0-lotizacion/preview.jpg', 'app-files/tiles/1-strasse_sur/p.jpg']);
    const v = validateUpload(based, csv('a,Lotización,1,2,04/02/2024,0', 'b,Straße_Sur,1,2,04/02/2024,0'), true);
    expect(v.error).toBe(false);
    expect(v.rows.map((r) => r.status)).toEqual(['ok', 'ok']);
  });
  it('no tile folders or no usable header blocks', () => {
    expect(validateUpload([], csv('a,b,1,2,04/02/2024,0'), true).problem).toMatch(/no scene folders/);
    expect(validateUpload(folders, parsePositions('name,where\na,b'), true).csvError).toBe(true);
    expect(validateUpload(folders, parsePositions(''), true).error).toBe(true);
  });
});

describe('csvWithoutOrphans', () => {
  it('drops only the orphan rows, keeping every column', () => {
    const parsed = csv(
      'front,prism_uat_newfield1,20,30,04/02/2024,0',
      'x,orphan,1,2,04/02/2024,0',
      '"a, b",prism_uat_newfield2,21,31,04/02/2024,1',
    );
    const out = csvWithoutOrphans(parsed, [3])!;
    expect(Papa.parse(out.trim()).data).toEqual([
      header.split(','),
      ['front', 'prism_uat_newfield1', '20', '30', '04/02/2024', '0'],
      ['a, b', 'prism_uat_newfield2', '21', '31', '04/02/2024', '1'],
    ]);
    expect(csvWithoutOrphans(parsed, [])).toBeNull();
  });
});

describe('where the rows go', () => {
  it('takes the floor from the CSV, the page floor when empty, and flags what is not a floor', () => {
    expect(rowFloor('2', 0)).toBe(2);
    expect(rowFloor('', 3)).toBe(3);
    expect(rowFloor('-1', 3)).toBe(3);
    expect(rowFloor('', -1)).toBe(0);
    expect(rowFloor('two', 0)).toBeNull();
  });
  it('lists the floors of the scenes (not orphans), shows survey names, and blocks a bad floor', () => {
    const csv = parsePositions(
      'title,fileName,x,y,date,floor,survey_name\r\nA,a,1,2,04/02/2024,2,Walk\r\nB,b,1,2,04/02/2024,,\r\nC,c,1,2,04/02/2024,7,\r\n',
    );
    const v = validateUpload(tileFoldersOf(['app-files/tiles/0-a/x.jpg', 'app-files/tiles/1-b/x.jpg']), csv, true, 1);
    expect(v.rows.map((r) => [r.scene, r.floor, r.survey])).toEqual([
      ['a', 2, 'Walk'],
      ['b', 1, ''],
      ['c', 7, ''],
    ]);
    expect(uploadFloors(v.rows)).toEqual([1, 2]);
    const bad = validateUpload(
      tileFoldersOf(['app-files/tiles/0-a/x.jpg']),
      parsePositions('title,fileName,x,y,date,floor\r\nA,a,1,2,04/02/2024,up\r\n'),
      true,
      0,
    );
    expect(bad.error).toBe(true);
    expect(bad.rows[0].note).toContain('Floor is not a floor number');
  });
});
