// The upload's validation table: Scene, X-Coordinate, Y-Coordinate, Name, Floor, Survey Date, Survey, Status. Long
// names wrap after their separators (and headings between words) so that it fits its page, Status included; where the page is narrow each row is a card whose cells carry their
// column's name (data-label), so no column is ever out of sight.
import type { ValidationRow } from './validateUpload';
import { CrossIcon, TickIcon, WarningIcon } from '../../ui/icons';
import { BreakableName } from './BreakableName';

function StatusCell({ row }: { row: ValidationRow }) {
  const icon = row.status === 'ok' ? <TickIcon /> : row.status === 'orphan' ? <WarningIcon /> : <CrossIcon />;
  return (
    <span className={`row-status ${row.status}`} title={row.note}>
      {icon}
      <span className="visually-hidden">
        {row.status === 'ok' ? 'OK' : row.status === 'orphan' ? 'Warning' : 'Error'}:{' '}
      </span>
      <span className="row-note">{row.status === 'ok' ? '' : row.note}</span>
    </span>
  );
}

/** Where each scene goes, before Submit: the floor (by its name), the survey date and the survey. */
export function ValidationTable({
  rows,
  timeline,
  floorName,
}: {
  rows: readonly ValidationRow[];
  timeline: boolean;
  floorName: (floor: number) => string;
}) {
  return (
    <div className="validation-scroll cards-box">
      <table className="validation-table cards-table">
        <thead>
          <tr>
            <th scope="col">Scene</th>
            <th scope="col">X-Coordinate</th>
            <th scope="col">Y-Coordinate</th>
            <th scope="col">Name</th>
            <th scope="col">Floor</th>
            <th scope="col">Survey Date</th>
            <th scope="col">Survey</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={`row-${r.status}`} data-status={r.status}>
              <th scope="row">
                <BreakableName text={r.scene} />
              </th>
              <td
                data-label="X-Coordinate"
                className={r.foundInCsv && !r.isOrphan && r.x === '' ? 'cell-missing' : 'cell-short'}
              >
                {r.x}
              </td>
              <td
                data-label="Y-Coordinate"
                className={r.foundInCsv && !r.isOrphan && r.y === '' ? 'cell-missing' : 'cell-short'}
              >
                {r.y}
              </td>
              <td data-label="Name" className="cell-name">
                <BreakableName text={r.name} />
              </td>
              <td data-label="Floor" data-col="floor">
                {r.floor === null ? (r.foundInCsv ? 'not a floor' : '') : floorName(r.floor)}
              </td>
              <td
                data-label="Survey Date"
                className={timeline && r.foundInCsv && !r.isOrphan && r.date === '' ? 'cell-missing' : 'cell-short'}
              >
                {r.date}
              </td>
              <td data-label="Survey" data-col="survey" className="cell-name">
                {r.survey ? (
                  <BreakableName text={r.survey} />
                ) : r.foundInCsv ? (
                  <span className="muted">the export&apos;s tour name</span>
                ) : (
                  ''
                )}
              </td>
              <td data-label="Status">
                <StatusCell row={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
