// The fields of its own an info hotspot's stored header holds (see ingest/infoHotspotFields.ts), read defensively:
// rows written before fields existed, or by other means, have none or may hold anything.
import type { InfoField } from '../../contract/api.ts';
import { INFO_FIELD_LIMITS as L } from './ingest/infoHotspotFields.ts';

export function storedInfoFields(header: { fields?: unknown }): InfoField[] {
  if (!Array.isArray(header.fields)) return [];
  return header.fields
    .filter((f): f is InfoField => typeof f?.label === 'string' && typeof f?.value === 'string')
    .slice(0, L.fields)
    .map((f) => ({ label: f.label.slice(0, L.labelChars), value: f.value.slice(0, L.valueChars) }));
}
