// The chosen zip and CSV, each read in the browser (the zip's central directory only), and the table and verdict
// of the two together.
import { useMemo } from 'react';
import { listZipEntries } from './zipListing';
import { readCsvFile } from './readCsvFile';
import { useChecked } from './useChecked';
import { tileFoldersOf, validateUpload, type TileFolder } from './validateUpload';

const readFolders = async (f: File): Promise<TileFolder[]> => tileFoldersOf(await listZipEntries(f));

export function useExportChecks(zipFile: File | null, csvFile: File | null, timeline: boolean, floor: number) {
  const zip = useChecked(zipFile, readFolders);
  const csv = useChecked(csvFile, readCsvFile);
  const validation = useMemo(
    () => (zip.state === 'done' && csv.state === 'done' ? validateUpload(zip.value, csv.value, timeline, floor) : null),
    [zip, csv, timeline, floor],
  );
  const validating = zip.state === 'validating' || csv.state === 'validating';
  /** Something keeps Submit from working now (a file missing, being read, unreadable or in error). */
  const blocked =
    !zipFile ||
    !csvFile ||
    validating ||
    !validation ||
    validation.error ||
    zip.state === 'failed' ||
    csv.state === 'failed';
  return { csv, validation, validating, blocked, zipError: zip.state === 'failed' ? zip.message : null };
}
