// Where a link hotspot leads: the scenes of this survey, each with the front of its preview cube, in a dialog.
import type { SurveyScene } from '../../../contract/api';
import { PREVIEW_FACE_ORDER, previewUrl } from '../../../contract/tileUrls';
import { Modal } from '../../ui/Modal';

/** The preview is a strip of six faces, top to bottom in PREVIEW_FACE_ORDER: show the front one. */
const FRONT = PREVIEW_FACE_ORDER.indexOf('f');
const frontOf = (s: SurveyScene) => ({
  backgroundImage: `url("${previewUrl({ mantaLink: s.survey_node.manta_link, tilesId: s.survey_node.tiles_id })}")`,
  backgroundSize: `100% ${PREVIEW_FACE_ORDER.length * 100}%`,
  backgroundPosition: `0 ${(FRONT / (PREVIEW_FACE_ORDER.length - 1)) * 100}%`,
});

export function TargetChooser({
  scenes,
  current,
  from,
  onChoose,
  onClose,
}: {
  scenes: readonly SurveyScene[];
  current: string | null;
  /** The scene being edited: a link to itself leads nowhere. */
  from: string;
  onChoose: (tilesId: string) => void;
  onClose: () => void;
}) {
  const choices = scenes.filter((s) => s.survey_node.tiles_id !== from);
  return (
    <Modal title="Where does this link lead?" onClose={onClose} className="target-chooser">
      {choices.length === 0 ? <p>This survey has no other scene to link to.</p> : null}
      <ul className="target-list">
        {choices.map((s) => (
          <li key={s.survey_node.tiles_id}>
            <button
              type="button"
              aria-pressed={current === s.survey_node.tiles_id}
              onClick={() => onChoose(s.survey_node.tiles_id)}
            >
              <span className="target-preview" style={frontOf(s)} aria-hidden="true" />
              <span>{s.survey_node.title || s.survey_node.tiles_name}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
