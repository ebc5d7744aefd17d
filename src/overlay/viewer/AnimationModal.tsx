// The 'Animation' entry's modal video player (title and url from the site settings; autoplay on).
import { useAtom } from 'jotai';
import { animationModalOpenAtom } from '../../state/atoms';
import { Modal } from '../../ui/Modal';
import { useCurrentSettings } from '../../domain/useSite';

export function AnimationModal() {
  const [open, setOpen] = useAtom(animationModalOpenAtom);
  const settings = useCurrentSettings();
  // Turned off while open (a setting saved elsewhere, heard at once): the player closes with its entry.
  if (!open || !settings?.enable.animations) return null;
  const { title, url } = settings.animation;
  return (
    <Modal title={title || 'Animation'} onClose={() => setOpen(false)} className="media-modal">
      {url ? (
        <video src={url} controls autoPlay playsInline className="media-full" />
      ) : (
        <p>No animation is configured.</p>
      )}
    </Modal>
  );
}
