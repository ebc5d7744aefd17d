// Documentation: directories, files and the documentation zip upload.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, seg, upload } from '../client';
import type { DocumentDirectory, DocumentFile, DocumentListing } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';
import { refreshAfterWrite } from '../writeRefresh';

export function useRootDirectory(site: string) {
  return useQuery({
    queryKey: keys.rootDirectory(site),
    enabled: !!site,
    queryFn: ({ signal }) => getJson<DocumentDirectory>(`/api/site/${seg(site)}/directories/root`, { signal }),
  });
}

export function useDirectoryByName(site: string, name: string | null) {
  return useQuery({
    queryKey: keys.directoryByName(site, name ?? ''),
    enabled: !!site && !!name,
    queryFn: ({ signal }) =>
      getJson<DocumentDirectory>(`/api/site/${seg(site)}/directories/details`, { query: { name }, signal }),
  });
}

export function useDirectory(id: string | null) {
  return useQuery({
    queryKey: keys.directory(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => getJson<DocumentDirectory>('/api/directories/details', { query: { _id: id }, signal }),
  });
}

export function useFile(id: string | null) {
  return useQuery({
    queryKey: keys.file(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => getJson<DocumentFile>('/api/files/details', { query: { _id: id }, signal }),
  });
}

/** Every file of the site (used for folder contents and search). */
export function useSiteFiles(site: string) {
  return useQuery({
    queryKey: keys.siteFiles(site),
    enabled: !!site,
    queryFn: ({ signal }) => getJson<DocumentFile[]>(`/api/site/${seg(site)}/files`, { signal }),
  });
}

/**
 * A folder's listing (null: the root), or a search from it, a page at a time: one request per page, whatever the
 * size of the tree. `fetchNextPage` asks for the next one.
 */
export function useDocumentListing(site: string, folder: string | null, search: string) {
  return useInfiniteQuery({
    queryKey: keys.documents(site, folder, search),
    enabled: !!site,
    initialPageParam: null as string | null,
    getNextPageParam: (last: DocumentListing) => last.next,
    // While a new search of the same folder loads, the last answer stays (no spinner at every pause in typing).
    placeholderData: (previous, query) => (query?.queryKey[3] === folder ? previous : undefined),
    queryFn: ({ signal, pageParam }) =>
      getJson<DocumentListing>(`/api/site/${seg(site)}/documents`, {
        query: { folder, q: search || null, after: pageParam },
        signal,
      }),
  });
}

export function useUploadDocumentation(site: string) {
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('zipFile', file);
      try {
        return await upload<unknown>(`/api/documentation/${seg(site)}`, form, onProgress);
      } catch (e) {
        console.error('Upload failed');
        throw e;
      }
    },
  });
}

/** Reloads the documentation tree (after an upload's success indicator has shown). */
export function useRefreshDocumentation(site: string) {
  const qc = useQueryClient();
  return () => {
    void refreshAfterWrite(qc, [
      ['site', site, 'directories'],
      ['directory'],
      keys.siteFiles(site),
      ['site', site, 'documents'],
    ]);
  };
}
