// Timeline drawer: survey dates grouped by month (collapsible), newest first; clicking a date selects it;
// Left/Right arrow keys step through dates and months; rows are 50 px. Forced closed when the floor has no survey.
// Below, the other floors' surveys, each a way there.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { timelineOpenAtom } from '../../state/atoms';
import { CalendarIcon, ChevronDown, CloseIcon } from '../../ui/icons';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { useSurveySwitch } from '../../domain/viewer/useSurveySwitch';
import { useEscape } from '../../ui/useEscape';
import { usePanelFocus } from '../common/usePanelFocus';
import { OtherFloorsDates } from './OtherFloorsDates';
import { dayLabel, groupByMonth, isCurrentSurvey, stepSurvey, TIMELINE_ROW_PX } from './timeline';

export function TimelineButton() {
  const [open, setOpen] = useAtom(timelineOpenAtom);
  const { floorPopulated } = useViewerState();
  const disabled = floorPopulated === false;
  return (
    <button
      type="button"
      className="tool-button"
      aria-expanded={open}
      aria-controls="timeline"
      disabled={disabled}
      onClick={() => setOpen(!open)}
    >
      <CalendarIcon /> <span className="tool-label">{open ? 'Close Timeline' : 'Open Timeline'}</span>
    </button>
  );
}

const currentRow = (panel: HTMLElement) =>
  panel.querySelector<HTMLElement>('.timeline-row[aria-current="date"]') ??
  panel.querySelector<HTMLElement>('.timeline-row');

export function TimelineDrawer() {
  const [open, setOpen] = useAtom(timelineOpenAtom);
  const { site, floor, dates, date, scene, floorPopulated, settings } = useViewerState();
  // Two surveys may share a date: the one on screen is the scene's.
  const surveyName = scene?.survey_name;
  // A new date opens the nearest scene, looking the same way (useSurveySwitch).
  const go = useSurveySwitch();
  const months = useMemo(() => groupByMonth(dates), [dates]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const list = useRef<HTMLDivElement>(null);
  useEscape(open, () => setOpen(false));
  const shown = settings.enable.timeline && open;
  // Opening it lands on the date in view, so the arrow keys and Tab start from there.
  const panel = usePanelFocus<HTMLElement>(shown, currentRow);

  // Forced closed when the timeline feature is on but the current floor has no survey data.
  useEffect(() => {
    if (open && floorPopulated === false) setOpen(false);
  }, [open, floorPopulated, setOpen]);

  // Arrow keys step through the dates (and so through the months). Attached before the drawer paints, so a
  // key pressed as soon as it shows is never lost; the latest dates and navigation are read through a ref.
  const latest = useRef({ dates, date, surveyName, go });
  latest.current = { dates, date, surveyName, go };
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.closest('.panorama-host')))
        return;
      const { dates: ds, date: current, surveyName: name, go: navigate } = latest.current;
      const next = stepSurvey(ds, current, name, e.key);
      if (next && !isCurrentSurvey(next, current, name)) {
        e.preventDefault();
        setCollapsed((c) => {
          const n = new Set(c);
          n.delete(next.date.slice(0, 7));
          return n;
        });
        navigate({ date: next.date, survey: next.survey_name });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  // Keep the selected row in view, and the focus on it when the focus is in the list (a date chosen by keys).
  useEffect(() => {
    if (!open || !date || !list.current) return;
    const row = list.current.querySelector<HTMLElement>('[aria-current="date"]');
    row?.scrollIntoView?.({ block: 'nearest' });
    if (row && list.current.contains(document.activeElement)) row.focus({ preventScroll: true });
  }, [open, date, surveyName]);

  if (!shown) return null;
  return (
    <aside id="timeline" ref={panel} className="timeline-drawer panel" aria-label="Timeline">
      <div className="panel-header">
        <h2 className="panel-title">Timeline</h2>
        <button type="button" className="icon-button" aria-label="Close Timeline" onClick={() => setOpen(false)}>
          <CloseIcon />
        </button>
      </div>
      <p className="muted small timeline-keys-hint">Use the left and right arrow keys to step through dates.</p>
      <div className="timeline-list" ref={list}>
        {months.map((m) => {
          const isCollapsed = collapsed.has(m.key);
          return (
            <section key={m.key} className="timeline-month">
              <h3>
                <button
                  type="button"
                  className="month-toggle"
                  aria-expanded={!isCollapsed}
                  style={{ minHeight: TIMELINE_ROW_PX }}
                  onClick={() =>
                    setCollapsed((c) => {
                      const n = new Set(c);
                      if (n.has(m.key)) n.delete(m.key);
                      else n.add(m.key);
                      return n;
                    })
                  }
                >
                  <span>{m.monthName}</span>
                  <ChevronDown className={isCollapsed ? 'rot-90' : undefined} />
                </button>
              </h3>
              {isCollapsed ? null : (
                <ul>
                  {m.dates.map((d) => (
                    <li key={`${d.date}|${d.survey_name}`}>
                      <button
                        type="button"
                        className="timeline-row"
                        data-date={d.date}
                        aria-current={isCurrentSurvey(d, date, surveyName) ? 'date' : undefined}
                        style={{ height: TIMELINE_ROW_PX }}
                        onClick={() => go({ date: d.date, survey: d.survey_name })}
                      >
                        <time dateTime={d.date}>{dayLabel(d.date)}</time>
                        <span className="row-name name-line" title={d.survey_name}>
                          {d.survey_name}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
        {settings.enable.floors && floor !== null ? <OtherFloorsDates site={site} floor={floor} go={go} /> : null}
      </div>
    </aside>
  );
}
