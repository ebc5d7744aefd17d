// The engine's public surface (three.js, R3F): the <Panorama> component and its types. The page's first
// script uses ./early instead (three-free). Everything else in src/scene is internal.
export { Panorama, type PanoramaProps } from './Panorama';
export { DEFAULT_PAN_MS, type PanoramaHandle } from './PanoramaScene';
export type { Hotspot, LinkHotspot, InfoHotspot } from './hotspotTypes';
export type { SceneSource, LayerOptions } from './PanoramaLayer';
export type { LayerCounters } from './layerCounters';
export type { PyramidLevel } from './tileGrid';
export type { TileSource } from '../../contract/tileUrls';
export type { MouseViewMode } from './ViewControls';
export type { View, Viewport } from './view';
