// The positions CSV of an upload, sent as a file part or as a text field named `properties`.
import type { Multipart } from '@fastify/multipart';
import { decodeCsvBytes } from '../../contract/positionsCsv.ts';
import { TooLarge } from '../services/errors.ts';

const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** The CSV's text from `part` (a file part or a field), refused when it is larger than 5 MB. */
export async function readCsvPart(part: Multipart): Promise<string> {
  if (part.type === 'field') {
    if (part.valueTruncated)
      throw new TooLarge('The positions CSV text field is too long; send the CSV as a file part.');
    return String(part.value ?? '');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of part.file) {
    size += (c as Buffer).length;
    if (size > CSV_MAX_BYTES) {
      part.file.resume();
      throw new TooLarge(`The positions CSV is larger than ${mb(CSV_MAX_BYTES)}.`);
    }
    chunks.push(c as Buffer);
  }
  return decodeCsvBytes(Buffer.concat(chunks));
}
