// The nodes as buttons over the plan (the canvas takes the pointer): Tab reaches each, and its focus ring shows on
// the map where the node is; each says where it is and how it is turned.
import type { Ref } from 'react';
import type { MinimapNodeEntry } from '../../../contract/api';
import { roundPercent } from '../../domain/planGeometry';
import { degreesOfRotation } from '../../domain/nodeRotation';
import type { PlacedNode } from './MinimapCanvas';

export function NodeKeys({
  placed,
  listRef,
  aspect,
  selecting,
  selectedId,
  current,
  onTap,
}: {
  placed: readonly PlacedNode[];
  listRef: Ref<HTMLUListElement>;
  aspect: number;
  /** The editor is on: a key selects its node instead of going there. */
  selecting: boolean;
  selectedId: string | null;
  current: string | null;
  onTap: (node: MinimapNodeEntry) => void;
}) {
  return (
    <ul
      ref={listRef}
      className="map-keys minimap-node-keys"
      aria-label="Nodes on this floor"
      style={aspect > 0 ? { aspectRatio: aspect } : { width: '100%' }}
    >
      {placed.map((p) => (
        <li key={p.node._id}>
          <button
            type="button"
            className="minimap-node-key"
            style={{ left: `${p.left}%`, top: `${p.top}%` }}
            onClick={() => onTap(p.node)}
            aria-pressed={selecting ? p.node._id === selectedId : undefined}
          >
            {selecting
              ? `Select ${p.name}`
              : p.node.minimap_node.tiles_id === current
                ? `${p.name} (you are here)`
                : `Go to ${p.name}`}
          </button>
          <span className="visually-hidden" data-node-id={p.node._id}>
            {' '}
            at {roundPercent(p.left)}% {roundPercent(p.top)}%, rotation {degreesOfRotation(p.node.rotation)}°
          </span>
        </li>
      ))}
    </ul>
  );
}
