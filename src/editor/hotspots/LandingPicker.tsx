// While an administrator previews a link's target to choose where the link lands: the viewer shows the target
// (look around, zoom), and this bar takes the view shown, or goes back without one.
import { useAtomValue } from 'jotai';
import type { ViewParameters } from '../../../contract/api';
import { panoramaAtom } from '../../state/atoms';

export interface LandingPick {
  /** The scene the link is on, its title, and the link's key in that scene's editor. */
  from: string;
  fromTitle: string;
  key: string;
  /** The camera's view on that scene when the preview started, to come back to. */
  back: ViewParameters | undefined;
}

/** A landing view picked on the target, for the link `key` of scene `from`. */
export interface Arrival {
  from: string;
  key: string;
  view: ViewParameters;
}

export function LandingPicker({
  pick,
  onUse,
  onCancel,
}: {
  pick: LandingPick;
  onUse: (camera: ViewParameters) => void;
  onCancel: () => void;
}) {
  const panorama = useAtomValue(panoramaAtom);
  return (
    <section className="editor-panel hotspot-editor-panel landing-picker" aria-label="Choose where the link lands">
      <h2>Where the link lands</h2>
      <p>
        Turn and zoom this scene to what a visitor should see on arriving from <strong>{pick.fromTitle}</strong>.
      </p>
      <div className="form-actions">
        <button type="button" onClick={onCancel}>
          Back without it
        </button>
        <button
          type="button"
          className="primary"
          disabled={!panorama}
          onClick={() => {
            const v = panorama?.getView();
            if (v) onUse({ yaw: v.yaw, pitch: v.pitch, fov: v.fov });
          }}
        >
          Use this view
        </button>
      </div>
    </section>
  );
}
