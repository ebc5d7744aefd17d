// The editable site name of the add-new-site upload: empty is refused ('Error! You need a site name!') and the
// stored name comes back; a changed name is kept on Enter or blur. Width: 15 characters, or the name + 2.
import { errorMessage, toast } from '../../ui/notices/notices';
import { useDraft } from '../../ui/useDraft';

export const SITE_NAME_REQUIRED = 'Error! You need a site name!';
export const siteNameWidth = (name: string) => `${Math.max(15, name.length + 2)}ch`;

export function SiteNameField({ stored, onSave }: { stored: string; onSave: (name: string) => Promise<void> | void }) {
  const [value, setValue] = useDraft(stored);
  const commit = async () => {
    const name = value.trim();
    if (!name) {
      toast.error(SITE_NAME_REQUIRED);
      setValue(stored);
      return;
    }
    if (name === stored) {
      if (value !== name) setValue(name);
      return;
    }
    try {
      await onSave(name);
    } catch (e) {
      toast.error(errorMessage(e));
      setValue(stored);
    }
  };
  return (
    <input
      className="site-name-field"
      aria-label="Site name"
      value={value}
      style={{ width: siteNameWidth(value) }}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        }
      }}
    />
  );
}
