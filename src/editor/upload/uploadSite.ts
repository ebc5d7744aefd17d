// The site an upload is addressed to: the page's own, else (a new site reached without one) an id made from the
// name typed for it.
export function uploadSiteId(site: string, siteName: string): string {
  return (
    site ||
    siteName
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') ||
    'new-site'
  );
}
