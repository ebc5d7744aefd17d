// The survey manager's pure rules: start view from the camera, north in degrees, changed fields, removals in words.
import { describe, expect, it } from 'vitest';
import {
  auditLine,
  northDegrees,
  northRadians,
  sizeText,
  removalLines,
  startViewFrom,
  surveyChanges,
} from '../../../src/editor/surveys/managerRules';

describe('startViewFrom', () => {
  it('takes the site rotation offset back out and wraps the yaw', () => {
    const v = startViewFrom({ yaw: 3, pitch: 0.1, fov: 1 }, -1);
    expect(v.yaw).toBeCloseTo(4 - 2 * Math.PI);
    expect(v).toMatchObject({ pitch: 0.1, fov: 1 });
  });
  it('keeps pitch and fov within what the server takes', () => {
    expect(startViewFrom({ yaw: 0, pitch: 2, fov: 0.001 })).toEqual({ yaw: 0, pitch: Math.PI / 2, fov: 0.017 });
    expect(startViewFrom({ yaw: 0, pitch: -2, fov: 3 }).fov).toBe(1.75);
  });
});

describe('north', () => {
  it('reads whole degrees in (-180, 180] and writes radians', () => {
    expect(northDegrees(Math.PI)).toBe(180);
    expect(northDegrees(-Math.PI)).toBe(180);
    expect(northDegrees((270 * Math.PI) / 180)).toBe(-90);
    expect(northRadians(90)).toBeCloseTo(Math.PI / 2);
    expect(northRadians(-270)).toBeCloseTo(Math.PI / 2);
  });
});

describe('surveyChanges', () => {
  const survey = {
    id: 's',
    floor: 0,
    date: '2024-03-01',
    survey_name: 'Main',
    revision: 2,
    size_bytes: null,
    scenes: [],
  };
  it('sends only what changed, the name trimmed', () => {
    expect(surveyChanges(survey, { survey_name: ' Main ', floor: 0, date: '2024-03-01' })).toBeNull();
    expect(surveyChanges(survey, { survey_name: 'Walk ', floor: 1, date: '2024-03-01' })).toEqual({
      survey_name: 'Walk',
      floor: 1,
    });
  });
});

describe('removalLines', () => {
  it('names the scenes and every link that goes', () => {
    expect(
      removalLines({
        revision: 0,
        scenes: [{ id: 'a', title: 'Barn' }],
        links: [{ scene: 'b', title: 'Yard', survey_name: 'Main', date: '2024-03-01', floor: 0, to: 'Barn' }],
      }),
    ).toEqual(['1 scene: Barn', 'The link from "Yard" (Main, floor 0, 2024-03-01) to "Barn"']);
    expect(removalLines({ revision: 0, scenes: [], links: [] })).toEqual(['0 scenes']);
  });
});

describe('auditLine', () => {
  it('says what was done to what, and its facts', () => {
    expect(
      auditLine({
        id: '1',
        at: '2024-01-01T00:00:00Z',
        actor: 'ana',
        action: 'scene.delete',
        target: 'scene "Barn"',
        detail: { links_removed: ['Yard → Barn'], north: 0.123456 },
      }),
    ).toEqual({ what: 'Deleted scene "Barn"', facts: 'links removed: Yard → Barn; north: 0.123' });
  });
});

describe('sizeText', () => {
  it('says a stored size in decimal units, and a dash while it is not measured', () => {
    expect(sizeText(3_140_000)).toBe('3.1 MB');
    expect(sizeText(707_000)).toBe('707 kB');
    expect(sizeText(2_500_000_000)).toBe('2.50 GB');
    expect(sizeText(0)).toBe('0 B');
    expect(sizeText(null)).toBe('—');
  });
});
