// The minimap's enlarge / close control, the same on the visitor's and the administrator's map.
import { CloseIcon, ExpandIcon } from './icons';

export function EnlargeToggle({
  enlarged,
  setEnlarged,
  disabled,
}: {
  enlarged: boolean;
  setEnlarged: (enlarged: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => setEnlarged(!enlarged)}
      aria-label={enlarged ? 'Close enlarged minimap' : 'Enlarge minimap'}
      aria-expanded={enlarged}
      disabled={disabled}
    >
      {enlarged ? <CloseIcon /> : <ExpandIcon />}
    </button>
  );
}
