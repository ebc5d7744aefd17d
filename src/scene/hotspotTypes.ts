// Hotspots as the Panorama takes them: positions in the data's yaw/pitch (radians, pitch positive down). One shape
// with the page's first-view block (contract/sceneHotspots.ts), whose hotspots the early stage shows before the app.
export type {
  SceneHotspot as Hotspot,
  SceneInfoHotspot as InfoHotspot,
  SceneLinkHotspot as LinkHotspot,
} from '../../contract/sceneHotspots';
