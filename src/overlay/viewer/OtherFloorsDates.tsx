// The timeline's "Other floors" part: when the other floors were surveyed, each a button that goes there (the
// scene nearest on the plan, looking the same way: useSurveySwitch). Read only once the timeline is opened.
import { useMemo } from 'react';
import { useSurveyList } from '../../api/queries/surveys';
import { useMinimapFloors } from '../../api/queries/minimap';
import type { SurveyMove } from '../../domain/viewer/useSurveySwitch';
import { otherFloorDates } from './otherFloorDates';
import { dayLabel, TIMELINE_ROW_PX } from './timeline';

export function OtherFloorsDates({ site, floor, go }: { site: string; floor: number; go: (m: SurveyMove) => void }) {
  const surveys = useSurveyList(site);
  const floors = useMinimapFloors(site);
  const others = useMemo(() => otherFloorDates(surveys.data ?? [], floor), [surveys.data, floor]);
  if (!others.length) return null;
  const name = (f: number) => floors.data?.find((x) => x.floor === f)?.floor_name || `Floor ${f}`;
  return (
    <section className="timeline-month other-floors" aria-labelledby="other-floors-title">
      <h3 id="other-floors-title" className="other-floors-title">
        Other floors
      </h3>
      <ul>
        {others.map((d) => (
          <li key={`${d.floor}|${d.date}|${d.survey_name}`}>
            <button
              type="button"
              className="other-floor-row"
              data-date={d.date}
              data-floor={d.floor}
              style={{ height: TIMELINE_ROW_PX }}
              onClick={() => go({ floor: d.floor, date: d.date, survey: d.survey_name })}
            >
              <time dateTime={d.date}>{dayLabel(d.date)}</time>
              <span className="row-name name-line" title={`${name(d.floor)} · ${d.survey_name}`}>
                {name(d.floor)} · {d.survey_name}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
