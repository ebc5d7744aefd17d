// The survey manager of a site (its administrators): every survey with its floor, date, name and scenes; rename,
// move, replace (a new export or photos) and delete a survey; its size as stored; edit, move and delete a scene. Each dialog starts from the state this page last read;
// when another administrator changed it first, the dialog offers to reload.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../contract/queryKeys';
import type { ManagedScene, ManagedSurvey } from '../../../contract/surveyEditing';
import { useManagedSurveys } from '../../api/queries/surveyEditing';
import { useMinimapFloors } from '../../api/queries/minimap';
import { useSiteId, useSitePath } from '../../domain/useSite';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Spinner } from '../../ui/Spinner';
import { SurveyEditDialog } from './SurveyEditDialog';
import { SceneEditDialog, SceneMoveDialog } from './SceneDialogs';
import { RemovalDialog } from './RemovalDialog';
import { ReplaceDialog } from './ReplaceDialog';
import { northDegrees, sizeText } from './managerRules';
import '../editor.css';
import './surveys.css';

type Open =
  | { kind: 'editSurvey' | 'replaceSurvey' | 'deleteSurvey'; survey: string }
  | { kind: 'editScene' | 'moveScene' | 'deleteScene'; survey: string; scene: string };

export default function SurveyManagerPage() {
  const site = useSiteId();
  const path = useSitePath();
  useDocumentTitle('Surveys');
  const list = useManagedSurveys(site);
  const floors = useMinimapFloors(site).data ?? [];
  const [open, setOpen] = useState<Open | null>(null);
  const qc = useQueryClient();
  // A dialog keeps its draft while the list refreshes under it (its own save does that); only Reload starts it
  // again, from the state read anew.
  const [generation, setGeneration] = useState(0);
  const reload = () =>
    void qc.invalidateQueries({ queryKey: keys.managedSurveys(site) }).then(() => setGeneration((g) => g + 1));
  const close = () => setOpen(null);
  const floorName = (n: number) => floors.find((f) => f.floor === n)?.floor_name || `Floor ${n}`;

  const surveys = list.data ?? [];
  const survey = open ? surveys.find((s) => s.id === open.survey) : undefined;
  const scene = open && 'scene' in open ? survey?.scenes.find((c) => c.id === open.scene) : undefined;
  const common = { site, onClose: close, onReload: reload };

  return (
    <main className="manager-page">
      <header className="manager-header">
        <h1>Surveys</h1>
        <Link to={path('audit')} className="secondary-button">
          Audit trail
        </Link>
      </header>
      {list.isPending ? <Spinner label="Loading the surveys" /> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data && !surveys.length ? <p>This site has no survey yet.</p> : null}
      {surveys.length ? (
        <table className="manager-table">
          <thead>
            <tr>
              <th scope="col">Floor</th>
              <th scope="col">Date</th>
              <th scope="col">Name</th>
              <th scope="col">Scenes</th>
              <th scope="col">Size</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {surveys.map((s) => (
            <SurveyRows key={s.id} survey={s} floorName={floorName(s.floor)} onOpen={setOpen} />
          ))}
        </table>
      ) : null}
      {survey && open?.kind === 'editSurvey' ? (
        <SurveyEditDialog key={generation} {...common} survey={survey} floors={floors} />
      ) : null}
      {survey && open?.kind === 'replaceSurvey' ? (
        <ReplaceDialog key={generation} {...common} survey={survey} floorName={floorName(survey.floor)} />
      ) : null}
      {survey && open?.kind === 'deleteSurvey' ? (
        <RemovalDialog
          key={generation}
          {...common}
          what={{ kind: 'survey', id: survey.id }}
          name={survey.survey_name}
        />
      ) : null}
      {survey && scene && open?.kind === 'editScene' ? (
        <SceneEditDialog key={generation} {...common} scene={scene} />
      ) : null}
      {survey && scene && open?.kind === 'moveScene' ? (
        <SceneMoveDialog key={generation} {...common} scene={scene} from={survey} surveys={surveys} />
      ) : null}
      {scene && open?.kind === 'deleteScene' ? (
        <RemovalDialog key={generation} {...common} what={{ kind: 'scene', id: scene.id }} name={scene.title} />
      ) : null}
    </main>
  );
}

function SurveyRows({
  survey,
  floorName,
  onOpen,
}: {
  survey: ManagedSurvey;
  floorName: string;
  onOpen: (o: Open) => void;
}) {
  const label = `${survey.survey_name} (${survey.date})`;
  const sceneAction = (c: ManagedScene, kind: 'editScene' | 'moveScene' | 'deleteScene', text: string) => (
    <button
      type="button"
      className="secondary-button"
      aria-label={`${text} scene ${c.title}`}
      onClick={() => onOpen({ kind, survey: survey.id, scene: c.id })}
    >
      {text}
    </button>
  );
  return (
    <tbody className="manager-survey">
      <tr className="survey-row">
        <td data-label="Floor">{floorName}</td>
        <td data-label="Date" className="manager-date">
          {survey.date}
        </td>
        <th scope="row" data-label="Name">
          {survey.survey_name}
        </th>
        <td data-label="Scenes">{survey.scenes.length}</td>
        <td data-label="Size" className="manager-size">
          {sizeText(survey.size_bytes)}
        </td>
        <td>
          <div className="manager-actions">
            <button
              type="button"
              className="secondary-button"
              aria-label={`Rename or move survey ${label}`}
              onClick={() => onOpen({ kind: 'editSurvey', survey: survey.id })}
            >
              Rename or move
            </button>
            <button
              type="button"
              className="secondary-button"
              aria-label={`Replace survey ${label}`}
              onClick={() => onOpen({ kind: 'replaceSurvey', survey: survey.id })}
            >
              Replace…
            </button>
            <button
              type="button"
              className="secondary-button danger-text"
              aria-label={`Delete survey ${label}`}
              onClick={() => onOpen({ kind: 'deleteSurvey', survey: survey.id })}
            >
              Delete
            </button>
          </div>
        </td>
      </tr>
      {survey.scenes.map((c) => (
        <tr key={c.id} className="scene-row">
          <td colSpan={3} className="scene-title">
            {c.title}
          </td>
          <td className="scene-north">North {northDegrees(c.north)}°</td>
          <td className="manager-size">{sizeText(c.size_bytes)}</td>
          <td>
            <div className="manager-actions">
              {sceneAction(c, 'editScene', 'Edit')}
              {sceneAction(c, 'moveScene', 'Move')}
              {sceneAction(c, 'deleteScene', 'Delete')}
            </div>
          </td>
        </tr>
      ))}
    </tbody>
  );
}
