// While two dates are compared, the second side's scene on the plan: a blue diamond with its own cone, beside
// the first side's orange dot, named by its date for screen readers. It marks, it does not navigate (the second
// side walks by its own hotspots), so it is an image, not a button. Only a scene placed on this floor's plan
// shows. Both minimaps (the visitor's and the administrator's) draw it over their plans.
import { useAtomValue } from 'jotai';
import { useMinimapNodes } from '../../api/queries/surveys';
import { nodePercent, type PlanGeometry } from '../../domain/planGeometry';
import { coneHeadingDegrees } from '../../domain/nodeRotation';
import { compareMarkAtom } from '../../state/atoms';
import { ViewCone } from './ViewCone';

interface Props {
  site: string;
  floor: number | null;
  map: PlanGeometry;
  rotationOffset: number;
}

export function CompareMarker({ site, floor, map, rotationOffset }: Props) {
  const mark = useAtomValue(compareMarkAtom);
  const nodes = useMinimapNodes(site, mark ? floor : null, mark?.date ?? null).data;
  const n = mark && nodes?.find((x) => x.minimap_node.tiles_id === mark.tilesId);
  if (!mark || !n) return null;
  const pos = nodePercent(n, map);
  const name = n.minimap_node.title || n.minimap_node.tiles_name;
  return (
    <span
      className="minimap-node compare-mark"
      role="img"
      aria-label={`Second side: ${name}, ${mark.dateLabel}`}
      style={{ left: `${pos.left}%`, top: `${pos.top}%` }}
    >
      <ViewCone heading={coneHeadingDegrees(mark.yaw, n.rotation, rotationOffset)} className="view-cone compare" />
      <span className="node-diamond" aria-hidden="true" />
    </span>
  );
}
