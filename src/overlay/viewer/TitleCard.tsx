// Title card: the current scene's name (or the configured title), with the site, floor and survey date.
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { dayLabel } from './timeline';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export function TitleCard() {
  const { settings, scene, date } = useViewerState();
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
