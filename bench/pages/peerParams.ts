// The benchmark peers read the same query string as scene.html (manta, tiles, levels, face, yaw, pitch, fov).
export interface PeerParams {
  base: string;
  levels: Array<{ tileSize: number; size: number; fallbackOnly?: boolean }>;
  faceSize: number;
  view: { yaw: number; pitch: number; fov: number };
  /** Hotspots to draw (the Marzipano page), `hotspots=[{"yaw":..,"pitch":..}]`. */
  hotspots: Array<{ yaw: number; pitch: number }>;
}

export function readPeerParams(): PeerParams {
  const q = new URLSearchParams(location.search);
  return {
    base: `${q.get('manta')}${encodeURIComponent(q.get('tiles') ?? '')}/`,
    levels: JSON.parse(q.get('levels') ?? '[]'),
    faceSize: Number(q.get('face')),
    view: {
      yaw: Number(q.get('yaw') ?? 0),
      pitch: Number(q.get('pitch') ?? 0),
      fov: Number(q.get('fov') ?? Math.PI / 2),
    },
    hotspots: JSON.parse(q.get('hotspots') ?? '[]'),
  };
}

/** What the benchmark drives on every peer page. */
export interface PeerHandle {
  setView(v: { yaw: number; pitch: number; fov: number }): void;
  /** The view as drawn (after the page's limits). */
  getView?(): { yaw: number; pitch: number; fov: number };
  stable: boolean;
}

declare global {
  interface Window {
    __peer?: PeerHandle;
  }
}
