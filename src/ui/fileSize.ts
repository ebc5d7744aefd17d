// File sizes as bytes, kb or mb, switching at 1024 and 1048576 bytes.
export const KB = 1024;
export const MB = 1048576;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 bytes';
  if (bytes < KB) return `${Math.round(bytes)} bytes`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} kb`;
  return `${(bytes / MB).toFixed(1)} mb`;
}
