// A minimap node entry as the API hands it out (the `minimapSingleSite` shape), from one joined row of
// minimap_nodes and survey_nodes: the columns to select and the mapping, for every read that lists nodes.
import type { MinimapNodeEntry } from '../../contract/api.ts';

export const MINIMAP_NODE_COLUMNS = [
  'minimap_nodes.id',
  'minimap_nodes.site',
  'minimap_nodes.x',
  'minimap_nodes.y',
  'minimap_nodes.x_scale',
  'minimap_nodes.y_scale',
  'minimap_nodes.rotation',
  'minimap_nodes.placed',
  'minimap_nodes.tiles_id',
  'minimap_nodes.floor',
  'minimap_nodes.node_number',
  'minimap_nodes.survey_node_id',
  'survey_nodes.tiles_name',
  'survey_nodes.title',
  'survey_nodes.revision',
] as const;

export interface MinimapNodeRow {
  id: string;
  site: string;
  x: number;
  y: number;
  x_scale: number;
  y_scale: number;
  rotation: number;
  placed: number;
  tiles_id: string;
  floor: number;
  node_number: number;
  survey_node_id: string;
  tiles_name: string;
  title: string;
  revision: number;
}

export const minimapNodeEntryOf = (r: MinimapNodeRow): MinimapNodeEntry => ({
  _id: r.id,
  x: r.x,
  y: r.y,
  x_scale: r.x_scale,
  y_scale: r.y_scale,
  rotation: r.rotation,
  placed: r.placed !== 0,
  revision: Number(r.revision),
  minimap_node: {
    tiles_id: r.tiles_id,
    floor: r.floor,
    node_number: r.node_number,
    survey_node: r.survey_node_id,
    site: r.site,
    tiles_name: r.tiles_name,
    title: r.title,
  },
});
