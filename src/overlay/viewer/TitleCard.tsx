// Title card: the name of the scene on screen (or the configured title), with the site and survey date.
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { dayLabel } from './timeline';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useShownScene } from './useShownScene';

export function TitleCard() {
  const { settings } = useViewerState();
  // The scene on screen: on a slow link the title changes with the picture, not before it.
  const scene = useShownScene();
  const date = scene?.date;
  const sceneName = scene?.survey_node.title || settings.display.title;
  useDocumentTitle(scene ? sceneName : null, settings.display.title);
  return (
    <header className="title-card">
      <p className="title-site name-line" title={settings.display.title}>
        {settings.display.title}
      </p>
      <h1 className="title-scene name-lines" title={sceneName}>
        {sceneName}
      </h1>
      {scene ? (
        <p className="title-meta name-lines" title={scene.survey_name}>
          {scene.survey_name}
          {date ? (
            <>
              {' '}
              · <time dateTime={date}>{dayLabel(date)}</time>
            </>
          ) : null}
        </p>
      ) : null}
    </header>
  );
}
