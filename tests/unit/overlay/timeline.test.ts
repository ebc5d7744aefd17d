import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  groupByMonth,
  monthLabel,
  rowOffset,
  sortSurveyDates,
  stepDate,
  TIMELINE_ROW_PX,
  timelineDates,
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

  it('steps through distinct dates with the arrow keys, across months, stopping at the ends', () => {
    expect(timelineDates(entries)).toEqual(['2024-03-12', '2024-03-02', '2024-01-31', '2023-11-05']);
    expect(stepDate(entries, '2024-03-12', 'ArrowRight')).toBe('2024-03-02');
    expect(stepDate(entries, '2024-03-02', 'ArrowRight')).toBe('2024-01-31'); // into the next month
    expect(stepDate(entries, '2024-01-31', 'ArrowLeft')).toBe('2024-03-02'); // back into the previous month
    expect(stepDate(entries, '2024-03-12', 'ArrowLeft')).toBe('2024-03-12');
    expect(stepDate(entries, '2023-11-05', 'ArrowRight')).toBe('2023-11-05');
    expect(stepDate(entries, null, 'ArrowRight')).toBe('2024-03-12');
    expect(stepDate([], '2024-01-01', 'ArrowRight')).toBeNull();
  });

  it('scrolls in 50 px rows, one header row per month, skipping collapsed months', () => {
    const months = groupByMonth(entries);
    expect(TIMELINE_ROW_PX).toBe(50);
    expect(rowOffset(months, '2024-03-12')).toBe(50);
    expect(rowOffset(months, '2024-01-31')).toBe((1 + 3 + 1) * 50);
    expect(rowOffset(months, '2024-01-31', new Set(['2024-03']))).toBe((1 + 1) * 50);
  });
});
