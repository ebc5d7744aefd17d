// The visitor minimap (plain DOM/SVG; Konva is for the admin editor only): the floor plan with its nodes,
// small or enlarged; names in the enlarged view; the current node highlighted with a view cone turning with
// yaw + node rotation + the site's rotation_offset; clicking a node goes there and collapses the map. While two
// dates are compared, the second side's scene too (CompareMarker).
import type { CSSProperties } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { minimapEnlargedAtom, setMinimapEnlargedAtom, viewAtom } from '../../state/atoms';
import { useMinimap } from '../../api/queries/minimap';
import { useMinimapNodes } from '../../api/queries/surveys';
import { EnlargeToggle } from '../../ui/EnlargeToggle';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { nodePercent } from '../../domain/planGeometry';
import { coneHeadingDegrees } from '../../domain/nodeRotation';
import { useEscape } from '../../ui/useEscape';
import { CompareMarker } from '../../ui/minimap/CompareMarker';
import { ViewCone } from '../../ui/minimap/ViewCone';

export function VisitorMinimap() {
  const enlarged = useAtomValue(minimapEnlargedAtom);
  const setEnlarged = useSetAtom(setMinimapEnlargedAtom);
  const view = useAtomValue(viewAtom);
  const { site, settings, floor, date, scene } = useViewerState();
  const plan = useMinimap(site, floor);
  const nodes = useMinimapNodes(site, floor, date);
  const go = useViewerNavigate();
  useEscape(enlarged, () => setEnlarged(false));
  if (nodes.isError) console.error(nodes.error);
  const map = plan.data;
  if (!map || !map.image_url) return null;
  const imageUrl = enlarged && map.image_large_url ? map.image_large_url : map.image_url;
  const current = scene?.survey_node.tiles_id;
  const rotationOffset = settings.initial_settings.rotation_offset;
  const aspect = map.img_width > 0 && map.img_height > 0 ? `${map.img_width} / ${map.img_height}` : undefined;
  const floorName = map.floor_name || `Floor ${floor}`;

  return (
    <>
      {enlarged ? <div className="minimap-backdrop" onClick={() => setEnlarged(false)} aria-hidden="true" /> : null}
      <section
        className={`minimap${enlarged ? ' enlarged' : ''}`}
        aria-label={`Minimap, ${floorName}`}
        style={
          map.img_width > 0 && map.img_height > 0
            ? ({ '--plan-aspect': map.img_width / map.img_height } as CSSProperties)
            : undefined
        }
      >
        <div className="minimap-header">
          <h2 className="minimap-title name-line" title={floorName}>
            {floorName}
          </h2>
          <EnlargeToggle enlarged={enlarged} setEnlarged={setEnlarged} />
        </div>
        <div className="minimap-plan" style={{ aspectRatio: aspect }}>
          <img src={imageUrl} alt="" className="minimap-image" draggable={false} />
          {(nodes.data ?? []).map((n) => {
            const pos = nodePercent(n, map);
            const isCurrent = n.minimap_node.tiles_id === current;
            const name = n.minimap_node.title || n.minimap_node.tiles_name;
            return (
              <button
                key={n._id}
                type="button"
                className={`minimap-node${isCurrent ? ' current' : ''}`}
                style={{ left: `${pos.left}%`, top: `${pos.top}%` }}
                aria-label={isCurrent ? `${name} (you are here)` : `Go to ${name}`}
                aria-current={isCurrent ? 'location' : undefined}
                onClick={() => {
                  if (!isCurrent) go({ node: n.minimap_node.tiles_id });
                  setEnlarged(false);
                }}
              >
                {isCurrent ? (
                  <ViewCone heading={coneHeadingDegrees(view?.yaw ?? 0, n.rotation, rotationOffset)} />
                ) : null}
                <span className="node-dot" aria-hidden="true" />
                {enlarged ? (
                  <span className="node-name name-line" title={name}>
                    {name}
                  </span>
                ) : null}
              </button>
            );
          })}
          <CompareMarker site={site} floor={floor} map={map} rotationOffset={rotationOffset} />
        </div>
      </section>
    </>
  );
}
