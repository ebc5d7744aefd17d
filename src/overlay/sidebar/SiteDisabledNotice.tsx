// Tells an administrator that the site in view is disabled (every pin of it hidden on the map): visitors, guests and
// administrators of other sites get "no such site" for it; only its administrators see it, with this notice.
import { useSites } from '../../api/queries/settings';
import { useFirstViewSettled } from '../../state/useFirstViewSettled';
import { EyeSlashIcon } from '../../ui/icons';

export function SiteDisabledNotice({
  site,
  isAdmin,
  collapsed,
}: {
  site: string;
  isAdmin: boolean;
  collapsed: boolean;
}) {
  // Read after the first view: the notice is not what the page opens for.
  const sites = useSites(useFirstViewSettled() && isAdmin);
  if (!isAdmin || !sites.data?.some((s) => s.id === site && s.disabled)) return null;
  return (
    <p
      className="site-disabled-notice"
      role="status"
      title="Site Disabled: only its administrators see this site. Show its pin on the map to open it to visitors."
    >
      <EyeSlashIcon />
      <span className={collapsed ? 'visually-hidden' : undefined}>
        Site Disabled: only its administrators see it. Show its pin on the map to open it to visitors.
      </span>
    </p>
  );
}
