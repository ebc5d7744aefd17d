// Public surface of the panorama renderer. Everything else in src/scene is internal.
export { Panorama, type PanoramaProps } from './Panorama';
export type { PanoramaHandle } from './PanoramaScene';
export type { Hotspot, LinkHotspot, InfoHotspot } from './hotspotTypes';
export type { SceneSource, LayerOptions, LayerCounters } from './PanoramaLayer';
export type { PyramidLevel } from './tileGrid';
export type { TileSource } from './tileUrls';
export type { MouseViewMode } from './ViewControls';
export { type View, type Viewport, fovLimits, limitView, MAX_HFOV, MAX_VFOV, DEG } from './view';
export { requestOrientationPermission } from './deviceOrientation';
export { prefetchPreviews } from './previewStore';
export { prefetchScene } from './earlyLoad';
export { previewUrl, tileUrl } from './tileUrls';
export { initialView } from './initialView';
