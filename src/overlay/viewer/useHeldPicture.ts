// What the panorama shows: the scene now resolved, else, while another floor or date is being read, the last one.
// Taking the renderer down for the wait made a new WebGL context on every such switch: a black flash, and on a
// kiosk switching for months one more context (and its textures) each time.
import { useState } from 'react';

export function useHeldPicture<T extends object>(now: T | null, loading: boolean): T | null {
  const [held, setHeld] = useState<T | null>(null);
  if (now !== null && now !== held) setHeld(now);
  else if (now === null && !loading && held !== null) setHeld(null);
  return now ?? (loading ? held : null);
}
