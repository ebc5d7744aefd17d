// Lazy-loaded admin slot for the scene upload form (src/editor, a later task). Until the editor lands it
// says so plainly; it is only ever shown to administrators.
export default function UploadFormSlot({ mode, site, floor }: { mode: 'addNewSite' | 'addScene'; site: string; floor: number }) {
  return (
    <section className="upload-slot" aria-labelledby="upload-slot-title">
      <h1 id="upload-slot-title">{mode === 'addNewSite' ? 'Add a new site' : `Add Scenes - Floor ${Math.max(0, floor)}`}</h1>
      <p>The scene upload form (a zip of tiles and a CSV of positions) is part of the admin editor, which is not connected yet.</p>
      {site ? <p className="muted">Site: {site}</p> : null}
    </section>
  );
}
