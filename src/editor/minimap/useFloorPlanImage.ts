// A new floor-plan image for the small minimap: chosen or dropped, shown pending with Submit and Cancel, then
// uploaded (a failure is an error toast); the object URL of the pending image is revoked once it is done with.
import { useRef, useState, type DragEvent } from 'react';
import { useUploadMinimapImage } from '../../api/queries/minimap';
import { toast } from '../../ui/notices/notices';

export const MINIMAP_IMAGE_FAILED = 'Error! Failed to upload minimap image.';
export const isImageDrop = (f: File) => f.type.includes('image/');

export function useFloorPlanImage(site: string, floor: number, enlarged: boolean) {
  const uploadImage = useUploadMinimapImage(site);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  const [dropOver, setDropOver] = useState(false);

  const choose = (f: File | undefined) => {
    if (!f) return;
    if (pending) URL.revokeObjectURL(pending.url);
    setPending({ file: f, url: URL.createObjectURL(f) });
  };
  const cancel = () => {
    if (pending) URL.revokeObjectURL(pending.url);
    setPending(null);
  };
  const submit = () => {
    if (!pending) return;
    const p = pending;
    uploadImage.mutate(
      { floor, file: p.file },
      {
        onError: (e) => toast.failed(MINIMAP_IMAGE_FAILED, e),
        onSettled: () => {
          URL.revokeObjectURL(p.url);
          setPending(null);
        },
      },
    );
  };
  // Drops land on the small map only (the enlarged one is for placing nodes).
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      if (!enlarged) {
        e.preventDefault();
        setDropOver(true);
      }
    },
    onDragLeave: () => setDropOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDropOver(false);
      if (enlarged) return;
      const f = e.dataTransfer.files?.[0];
      if (f && isImageDrop(f)) choose(f);
    },
  };
  return { pending, dropOver, fileInput, choose, cancel, submit, uploading: uploadImage.isPending, dropHandlers };
}
