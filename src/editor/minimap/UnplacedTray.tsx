// The node editor's "Unplaced scenes" tray beside the floor plan: each scene that came without a position, with
// its title and the front face of its preview. Drag a card onto the plan (mouse or finger), or choose it and
// "Place at centre" (keyboard), then move it with the editor's own controls.
import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { MinimapNodeEntry } from '../../../contract/api';
import { previewUrl } from '../../../contract/tileUrls';
import { previewFacePosition } from './unplacedTray';
import { useUnplacedTray, type PlaceScene } from './useUnplacedTray';

const FRONT = previewFacePosition('f');
export const nameOfNode = (n: MinimapNodeEntry) => n.minimap_node.title || n.minimap_node.tiles_name;

export function UnplacedTray(props: {
  nodes: MinimapNodeEntry[];
  /** Where tiles are served from (a scene's manta_link); null while not known, the cards then show no preview. */
  mantaLink: string | null;
  planBox: RefObject<HTMLElement | null>;
  place: PlaceScene;
  busy: boolean;
}) {
  const { nodes, mantaLink } = props;
  const { chosenId, drag, cardHandlers, placeChosenAtCentre } = useUnplacedTray(nodes, props.planBox, props.place);
  return (
    <section className="unplaced-tray" aria-label="Unplaced scenes">
      <div className="unplaced-tray-header">
        <h3>Unplaced scenes</h3>
        {nodes.length > 0 ? (
          <button
            type="button"
            className="secondary-button small-button"
            disabled={!chosenId || props.busy}
            onClick={placeChosenAtCentre}
          >
            Place at centre
          </button>
        ) : null}
      </div>
      {nodes.length === 0 ? (
        <p className="unplaced-tray-note">Every scene of this floor is on the plan.</p>
      ) : (
        <>
          <p className="unplaced-tray-note">Drag a scene onto the plan, or choose one and place it at the centre.</p>
          <ul className="unplaced-tray-list">
            {nodes.map((n) => {
              const name = nameOfNode(n);
              return (
                <li key={n._id}>
                  <button
                    type="button"
                    className={`unplaced-card${drag?.id === n._id ? ' dragging' : ''}`}
                    aria-pressed={chosenId === n._id}
                    disabled={props.busy}
                    {...cardHandlers(n, name)}
                  >
                    {mantaLink ? (
                      <img
                        src={previewUrl({ mantaLink, tilesId: n.minimap_node.tiles_id })}
                        alt=""
                        draggable={false}
                        style={{ objectPosition: FRONT }}
                      />
                    ) : (
                      <span className="unplaced-card-blank" />
                    )}
                    <span className="unplaced-card-name">{name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {/* On the page's body: the enlarged map is transformed, which would make a fixed box relative to it. */}
      {drag
        ? createPortal(
            <div
              className={`unplaced-ghost${drag.over ? ' over' : ''}`}
              style={{ left: drag.x, top: drag.y }}
              aria-hidden="true"
            >
              {drag.name}
            </div>,
            document.body,
          )
        : null}
    </section>
  );
}
