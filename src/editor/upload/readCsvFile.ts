// The chosen positions CSV, decoded (UTF-8, else Windows-1252) and parsed, for both kinds of upload.
import { decodeCsvBytes } from '../../../contract/positionsCsv';
import { parsePositions, type ParsedCsv } from './validateUpload';

export const readCsvFile = async (f: File): Promise<ParsedCsv> =>
  parsePositions(decodeCsvBytes(new Uint8Array(await f.arrayBuffer())));
