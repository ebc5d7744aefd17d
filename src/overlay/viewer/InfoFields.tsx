// An info hotspot's fields of its own (lote, estado, area...) as a labelled list. Plain text: React escapes it, so
// whatever a field holds is shown as written and never read as HTML.
import type { InfoField } from '../../../contract/api';

export function InfoFields({ fields }: { fields: readonly InfoField[] }) {
  return (
    <dl className="info-fields">
      {fields.map((f, i) => (
        <div key={i} className="info-field">
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
