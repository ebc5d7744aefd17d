// The survey manager's routes (site administrators): the surveys with their scenes and revisions; rename, move and
// delete a survey; a scene's title, start view, north, survey, and its deletion; what each deletion would remove.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../contract/api.ts';
import {
  managedScene,
  managedSurvey,
  removal,
  revisionBody,
  sceneEditBody,
  sceneMoveBody,
  surveyEditBody,
} from '../../contract/surveyEditing.ts';
import { ok } from '../http/envelope.ts';
import { siteAdmin } from '../http/access.ts';
import { refusals } from '../http/refusals.ts';
import { siteParam } from './params.ts';
import { managedSurveys } from '../services/editing/managedSurveys.ts';
import { deleteSurvey, editSurvey, surveyRemoval } from '../services/editing/surveyEdits.ts';
import { deleteScene, editScene, moveScene, sceneRemoval } from '../services/editing/sceneEdits.ts';
import type { RoutesPlugin } from './plugin.ts';

const siteIdParams = siteParam.extend({ id: z.string().min(1).max(200) });
const ADMIN = { access: siteAdmin() };

export const surveyEditRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, blobs } = ctx;
  const tags = ['editing'];

  r.get(
    '/site/:site/manage/surveys',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Every survey of the site with its scenes and revisions (site administrators)',
        params: siteParam,
        response: { 200: envelope(z.array(managedSurvey)) },
      },
    },
    async (req) => ok(await managedSurveys(db, req.params.site)),
  );

  /** The options of an edit of one survey or scene: its body, the refusals (gone, changed meanwhile), the answer. */
  const editOptions = <B extends z.ZodType, A extends z.ZodType>(
    summary: string,
    description: string,
    body: B,
    answer: A,
  ) => ({
    config: ADMIN,
    schema: {
      tags,
      summary,
      description,
      params: siteIdParams,
      body,
      response: { ...refusals(404, 409), 200: envelope(answer) },
    },
  });

  r.patch(
    '/site/:site/manage/survey/:id',
    editOptions(
      'Rename a survey and/or move it to another floor or date (answers it with its new revision)',
      "A survey of that floor, date and name already: 409. Its scenes' nodes move to the new floor.",
      surveyEditBody,
      managedSurvey,
    ),
    async (req) => ok(await editSurvey(db, req.params.site, req.params.id, req.body, req.user)),
  );

  r.patch(
    '/site/:site/manage/scene/:id',
    editOptions(
      'Set a scene’s title, start view and/or north (answers it with its new revision)',
      'north: the rotation of its minimap node, radians clockwise from the plan’s up to the photo’s yaw 0; hotspots keep their yaw.',
      sceneEditBody,
      managedScene,
    ),
    async (req) => ok(await editScene(db, req.params.site, req.params.id, req.body, req.user)),
  );

  r.post(
    '/site/:site/manage/scene/:id/move',
    editOptions(
      'Move a scene to another survey of the site',
      'On another floor the scene waits in that floor plan’s tray to be placed.',
      sceneMoveBody,
      managedScene,
    ),
    async (req) =>
      ok(await moveScene(db, req.params.site, req.params.id, req.body.survey, req.body.revision, req.user)),
  );

  // A deletion is asked about first (what it would remove), then made with the revision that answer gave.
  const deletions = [
    {
      kind: 'survey',
      what: 'its scenes and the links to them from other surveys',
      ask: surveyRemoval,
      remove: deleteSurvey,
    },
    { kind: 'scene', what: 'the scene and the links to it from other scenes', ask: sceneRemoval, remove: deleteScene },
  ] as const;
  for (const { kind, what, ask, remove } of deletions) {
    r.get(
      `/site/:site/manage/${kind}/:id/removal`,
      {
        config: ADMIN,
        schema: {
          tags,
          summary: `What deleting the ${kind} would remove: ${what}`,
          params: siteIdParams,
          response: { ...refusals(404), 200: envelope(removal) },
        },
      },
      async (req) => ok(await ask(db, req.params.site, req.params.id)),
    );
    r.delete(
      `/site/:site/manage/${kind}/:id`,
      {
        config: ADMIN,
        schema: {
          tags,
          summary: `Delete the ${kind}: ${what} (answers what was removed; its tiles go after the commit)`,
          params: siteIdParams,
          body: revisionBody,
          response: { ...refusals(404, 409), 200: envelope(removal) },
        },
      },
      async (req) => ok(await remove(db, blobs, req.params.site, req.params.id, req.body.revision, req.user)),
    );
  }
};
