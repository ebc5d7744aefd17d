// The loading spinner: a status element named by its label (the CSS draws the turning ring).
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}
