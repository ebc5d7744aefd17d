import { describe, expect, it } from 'vitest';
import { ISO_DATE, isSurveyDate, parseSurveyDate } from '../../../contract/surveyDate';

describe('survey dates', () => {
  it('reads dd/mm/yyyy (the field) and ISO to ISO', () => {
    expect(parseSurveyDate('04/02/2024')).toBe('2024-02-04');
    expect(parseSurveyDate('4/2/2024')).toBe('2024-02-04');
    expect(parseSurveyDate(' 2024-02-04 ')).toBe('2024-02-04');
  });

  it('refuses days that are not on the calendar', () => {
    expect(parseSurveyDate('29/02/2024')).toBe('2024-02-29');
    expect(parseSurveyDate('29/02/2023')).toBeNull();
    expect(parseSurveyDate('31/04/2024')).toBeNull();
    expect(parseSurveyDate('2024-13-01')).toBeNull();
    expect(parseSurveyDate('00/01/2024')).toBeNull();
  });

  it('refuses other spellings and years outside 1900..2200', () => {
    for (const bad of ['', '2024/02/04', '04-02-2024', '04/02/24', '2024-2-4', '31/12/1899', '01/01/2201'])
      expect(parseSurveyDate(bad)).toBeNull();
    expect(parseSurveyDate('01/01/1900')).toBe('1900-01-01');
    expect(parseSurveyDate('31/12/2200')).toBe('2200-12-31');
    expect(isSurveyDate('31/12/2200')).toBe(true);
    expect(isSurveyDate('nope')).toBe(false);
  });

  it('writes API dates as ISO', () => {
    expect(ISO_DATE.test('2024-02-04')).toBe(true);
    expect(ISO_DATE.test('04/02/2024')).toBe(false);
  });
});
