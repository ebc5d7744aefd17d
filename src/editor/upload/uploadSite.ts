// The site id an upload goes to when the page has none yet: the server's own rule (a site admin's new site takes
// this id exactly, and a pin reserves its site by it), accented letters kept as their base letter.
import { idSlug } from '../../../contract/slugs';

export function uploadSiteId(site: string, siteName: string): string {
  return site || idSlug(siteName, 'new-site');
}
