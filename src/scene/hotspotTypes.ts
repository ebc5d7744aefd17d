// Hotspots as the Panorama takes them: positions in the data's yaw/pitch (radians, pitch positive down).
import type { TileSource } from '../../contract/tileUrls';

export interface LinkHotspot {
  kind: 'link';
  /** Unique within the scene (e.g. index or target id). */
  id: string;
  yaw: number;
  pitch: number;
  /** Arrow rotation, radians, clockwise as in Marzipano's link hotspots. */
  rotation?: number;
  /** Target scene name, shown on hover. */
  label?: string;
  /** Where the target scene's tiles are: its preview is fetched ahead of the click. */
  target?: TileSource;
}

export interface InfoHotspot {
  kind: 'info';
  id: string;
  yaw: number;
  pitch: number;
  title?: string;
}

export type Hotspot = LinkHotspot | InfoHotspot;
