// What the positions CSV holds and in which units (node positions are floor-plan pixels; the server's
// positionsCsv.ts reads the same columns).
export function CsvFormatHelp() {
  return (
    <details className="csv-help">
      <summary>What goes in the CSV</summary>
      <p>
        One row per scene, under the header <code>title,fileName,x,y,date,floor</code> (and optionally{' '}
        <code>survey_name</code>):
      </p>
      <dl>
        <dt>
          <code>title</code>
        </dt>
        <dd>the scene&apos;s name as visitors see it.</dd>
        <dt>
          <code>fileName</code>
        </dt>
        <dd>
          the scene&apos;s folder in the export, without its number (<code>app-files/tiles/0-hall_a</code> is{' '}
          <code>hall_a</code>); for 360 photos, the photo&apos;s file name without its extension (
          <code>IMG_0042.jpg</code> is <code>IMG_0042</code>).
        </dd>
        <dt>
          <code>x</code>, <code>y</code>
        </dt>
        <dd>
          where the scene is on the floor plan, in pixels of the floor-plan image, counted from its top-left corner (x
          to the right, y down).
        </dd>
        <dt>
          <code>date</code>
        </dt>
        <dd>
          the survey date, as <code>dd/mm/yyyy</code> (e.g. 05/03/2024) or <code>yyyy-mm-dd</code>.
        </dd>
        <dt>
          <code>floor</code>
        </dt>
        <dd>
          the floor number (0 is the ground floor); this decides the floor the scene goes to. Empty: this page&apos;s
          floor.
        </dd>
        <dt>
          <code>survey_name</code>
        </dt>
        <dd>optional: the survey the scene joins on that date; empty: the export&apos;s tour name.</dd>
      </dl>
    </details>
  );
}
