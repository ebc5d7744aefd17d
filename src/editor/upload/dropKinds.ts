// Which dropped files each drop area of the upload page takes (by the type the browser gives them).
export const isZipDrop = (f: File) => f.type === 'application/zip';
export const isCsvDrop = (f: File) => f.type === 'text/csv';
