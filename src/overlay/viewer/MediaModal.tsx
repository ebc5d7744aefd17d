// The enlarged image or video from an info panel: player, close button, click outside closes.
import { useAtom } from 'jotai';
import { mediaModalAtom } from '../../state/atoms';
import { Modal } from '../../ui/Modal';

export function MediaModal() {
  const [media, setMedia] = useAtom(mediaModalAtom);
  if (!media) return null;
  return (
    <Modal
      title={media.alt || (media.kind === 'video' ? 'Video' : 'Image')}
      onClose={() => setMedia(null)}
      className="media-modal"
    >
      {media.kind === 'video' ? (
        <video src={media.src} controls autoPlay playsInline className="media-full" />
      ) : (
        <img src={media.src} alt={media.alt} className="media-full" />
      )}
    </Modal>
  );
}
