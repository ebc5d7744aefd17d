// Scene upload: zip of tiles plus the positions CSV, to a floor of a site.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seg, upload } from '../client';
import { refreshAfterWrite, siteContent } from '../writeRefresh';
import { resultOfUpload } from './ingestJob';

/** Where the upload went (its first scene's floor, date and scene) and how many earlier scenes it replaced. */
export interface UploadResult {
  site: string;
  floor: number;
  date: string;
  node: string;
  scenes: number;
  surveys: string[];
  replaced: number;
}

export function useAddScenes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      site,
      floor,
      zipFile,
      properties,
      onProgress,
    }: {
      site: string;
      floor: number;
      zipFile: File;
      properties: File | Blob;
      onProgress?: (f: number) => void;
    }) => {
      const form = new FormData();
      form.append('properties', properties);
      form.append('zipFile', zipFile);
      return resultOfUpload(
        site,
        await upload<UploadResult | { job: string }>(
          `/api/site/${seg(site)}/${seg(Math.max(0, floor))}/addScenes`,
          form,
          onProgress,
        ),
      );
    },
    onSettled: (_r, _e, v) => refreshAfterWrite(qc, siteContent(v.site)),
  });
}
