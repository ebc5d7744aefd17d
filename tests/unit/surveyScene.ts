// A survey scene as the API hands it out, for unit tests of the viewer's rules: scene `tiles`, node number `n`,
// on floor 0 of survey B (2024-03-12).
import type { SurveyScene } from '../../contract/api';

export const surveyScene = (tiles: string, n: number): SurveyScene => ({
  id: `id-${tiles}`,
  date: '2024-03-12',
  survey_name: 'B',
  floor: 0,
  survey_node: {
    tiles_id: tiles,
    tiles_name: `${n}-${tiles}`,
    title: tiles,
    levels: [],
    face_size: 1000,
    initial_parameters: { yaw: 0, pitch: 0, fov: 1 },
    manta_link: '/t/',
    link_hotspots: [],
    info_hotspots: [],
  },
  minimap_node: { tiles_id: tiles, floor: 0, node_number: n, survey_node: `id-${tiles}`, site: 's' },
});
