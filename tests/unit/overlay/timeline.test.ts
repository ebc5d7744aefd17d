import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  groupByMonth,
  monthLabel,
  rowOffset,
  sortSurveyDates,
  stepSurvey,
  TIMELINE_ROW_PX,
  timelineSurveys,
} from '../../../src/overlay/viewer/timeline';

const entries = [
  { date: '2023-11-05', survey_name: 'Autumn survey' },
  { date: '2024-03-12', survey_name: 'Alpha walk' },
  { date: '2024-03-02', survey_name: 'Early March' },
  { date: '2024-03-12', survey_name: 'Spring survey' },
  { date: '2024-01-31', survey_name: 'Winter' },
];

describe('timeline', () => {
  it('labels months en-US short month plus year, without a time-zone shift', () => {
    expect(monthLabel('2024-03-01')).toBe('Mar 2024');
    expect(monthLabel('2023-12-31')).toBe('Dec 2023');
    expect(dayLabel('2024-01-01')).toBe('Jan 1, 2024');
  });

  it('writes every day as the en-US locale does (the labels come from a table, not Intl)', () => {
    const intl = (iso: string, day: boolean) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        ...(day ? { day: 'numeric' } : {}),
        year: 'numeric',
        timeZone: 'UTC',
      });
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2031, 0, 1); t += 86_400_000 * 3) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(dayLabel(iso)).toBe(intl(iso, true));
      expect(monthLabel(iso)).toBe(intl(iso, false));
    }
  });

  it('sorts newest first and breaks ties by survey name in reverse alphabetical order', () => {
    expect(sortSurveyDates(entries).map((e) => `${e.date} ${e.survey_name}`)).toEqual([
      '2024-03-12 Spring survey',
      '2024-03-12 Alpha walk',
      '2024-03-02 Early March',
      '2024-01-31 Winter',
      '2023-11-05 Autumn survey',
    ]);
  });

  it('groups dates into months, newest month first', () => {
    const months = groupByMonth(entries);
    expect(months.map((m) => m.monthName)).toEqual(['Mar 2024', 'Jan 2024', 'Nov 2023']);
    expect(months[0].dates.map((d) => d.survey_name)).toEqual(['Spring survey', 'Alpha walk', 'Early March']);
    expect(groupByMonth([])).toEqual([]);
  });

  it('steps through every survey with the arrow keys, two of one date included, stopping at the ends', () => {
    const names = timelineSurveys([...entries, entries[1]]).map((e) => e.survey_name);
    expect(names).toEqual(['Spring survey', 'Alpha walk', 'Early March', 'Winter', 'Autumn survey']);
    const step = (date: string | null, name: string | undefined, key: 'ArrowLeft' | 'ArrowRight') => {
      const e = stepSurvey(entries, date, name, key);
      return e && `${e.date} ${e.survey_name}`;
    };
    expect(step('2024-03-12', 'Spring survey', 'ArrowRight')).toBe('2024-03-12 Alpha walk'); // same date
    expect(step('2024-03-12', 'Alpha walk', 'ArrowRight')).toBe('2024-03-02 Early March');
    expect(step('2024-03-02', 'Early March', 'ArrowLeft')).toBe('2024-03-12 Alpha walk');
    expect(step('2024-03-12', 'Alpha walk', 'ArrowLeft')).toBe('2024-03-12 Spring survey');
    expect(step('2024-03-02', 'Early March', 'ArrowRight')).toBe('2024-01-31 Winter'); // into the next month
    expect(step('2024-03-12', 'Spring survey', 'ArrowLeft')).toBe('2024-03-12 Spring survey');
    expect(step('2023-11-05', 'Autumn survey', 'ArrowRight')).toBe('2023-11-05 Autumn survey');
    // Scene not known yet: the date's first survey.
    expect(step('2024-03-12', undefined, 'ArrowRight')).toBe('2024-03-12 Alpha walk');
    expect(step(null, undefined, 'ArrowRight')).toBe('2024-03-12 Spring survey');
    expect(stepSurvey([], '2024-01-01', undefined, 'ArrowRight')).toBeNull();
  });

  it('scrolls in 50 px rows, one header row per month, skipping collapsed months', () => {
    const months = groupByMonth(entries);
    expect(TIMELINE_ROW_PX).toBe(50);
    expect(rowOffset(months, '2024-03-12')).toBe(50);
    expect(rowOffset(months, '2024-01-31')).toBe((1 + 3 + 1) * 50);
    expect(rowOffset(months, '2024-01-31', new Set(['2024-03']))).toBe((1 + 1) * 50);
  });
});
