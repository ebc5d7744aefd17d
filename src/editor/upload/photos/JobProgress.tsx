// The bars of a photo upload: overall first, then one per photo, each a real <progress>; a failed photo shows the
// server's sentence under its bar. The phase is announced once per change (aria-live), never each percent.
import type { ProgressView } from './progressView';

export function JobProgress({ view }: { view: ProgressView }) {
  return (
    <section className="photo-progress" aria-label="Upload progress">
      <p className="visually-hidden" aria-live="polite" role="status">
        {view.announcement}
      </p>
      <div className="photo-progress-overall" data-state={view.overall.state}>
        <progress max={100} value={Math.round(view.overall.value * 100)} aria-label="All photos" />
        <span>{view.overall.text}</span>
      </div>
      {view.photos.length ? (
        <ul className="photo-progress-list">
          {view.photos.map((p) => (
            <li key={p.name} data-state={p.state}>
              <span className="photo-progress-name">{p.name}</span>
              <progress max={100} value={Math.round(p.value * 100)} aria-label={p.name} />
              <span className="photo-progress-text">{p.text}</span>
              {p.error ? (
                <p className="upload-error" role="alert">
                  {p.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
