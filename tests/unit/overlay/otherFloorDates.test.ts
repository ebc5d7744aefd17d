import { describe, expect, it } from 'vitest';
import { otherFloorDates } from '../../../src/overlay/viewer/otherFloorDates';

const survey = (floor: number, date: string, survey_name: string, nodes = 3) => ({
  id: `${floor}-${date}-${survey_name}`,
  floor,
  date,
  survey_name,
  nodes,
});

describe('the other floors in the timeline', () => {
  it('lists the surveys of other floors newest first, by floor on one date, leaving out empty ones', () => {
    const all = [
      survey(0, '2024-04-01', 'Ground'),
      survey(1, '2024-03-10', 'Upper old'),
      survey(2, '2026-01-20', 'Roof'),
      survey(1, '2026-01-20', 'Upper B'),
      survey(1, '2026-01-20', 'Upper A'),
      survey(1, '2025-01-01', 'Empty', 0),
    ];
    expect(otherFloorDates(all, 0).map((s) => `${s.date} ${s.floor} ${s.survey_name}`)).toEqual([
      '2026-01-20 1 Upper B',
      '2026-01-20 1 Upper A',
      '2026-01-20 2 Roof',
      '2024-03-10 1 Upper old',
    ]);
    expect(otherFloorDates(all, 1).map((s) => s.survey_name)).toEqual(['Roof', 'Ground']);
    expect(otherFloorDates([survey(0, '2024-04-01', 'Ground')], 0)).toEqual([]);
  });
});
