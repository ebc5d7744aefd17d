// The scene whose picture is on screen: what names the scene (the title card, the page title) changes together
// with the picture, not while the new scene's tiles are still on their way, nor while another floor or date is
// read under the last picture (useHeldPicture). Before the first picture, and once the picture is the asked-for
// scene, the viewer's own (freshest) scene.
import { useAtomValue } from 'jotai';
import type { SurveyScene } from '../../../contract/api';
import { shownSceneAtom } from '../../state/atoms';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';

export function useShownScene(): SurveyScene | null {
  const { scene } = useViewerState();
  const shown = useAtomValue(shownSceneAtom);
  if (!scene) return shown;
  if (!shown || shown.survey_node.tiles_id === scene.survey_node.tiles_id) return scene;
  return shown;
}
