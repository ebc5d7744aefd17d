// Every /api route, one plugin per resource.
import type { RoutesPlugin } from './plugin.ts';
import { systemRoutes } from './system.ts';
import { surveyRoutes } from './surveys.ts';
import { minimapRoutes } from './minimap.ts';
import { nodeRoutes } from './nodes.ts';
import { hotspotRoutes } from './hotspots.ts';
import { pinRoutes } from './pins.ts';
import { documentRoutes } from './documents.ts';
import { aboutRoutes } from './about.ts';
import { uploadRoutes } from './upload.ts';
import { photoUploadRoutes } from './photoUpload.ts';
import { healthRoutes } from './health.ts';
import { userRoutes } from './users.ts';
import { oidcRoutes } from './oidc.ts';
import { jobRoutes } from './jobs.ts';
import { changeRoutes } from './changes.ts';
import { surveyEditRoutes } from './surveyEdits.ts';
import { auditRoutes } from './audit.ts';
import { tourRoutes } from './tours.ts';
import { offlineRoutes } from './offline.ts';

const RESOURCES: RoutesPlugin[] = [
  systemRoutes,
  surveyRoutes,
  minimapRoutes,
  nodeRoutes,
  hotspotRoutes,
  pinRoutes,
  documentRoutes,
  aboutRoutes,
  uploadRoutes,
  photoUploadRoutes,
  healthRoutes,
  userRoutes,
  oidcRoutes,
  jobRoutes,
  changeRoutes,
  surveyEditRoutes,
  auditRoutes,
  tourRoutes,
  offlineRoutes,
];

export const apiRoutes: RoutesPlugin = async (api, { ctx }) => {
  // Only the context is passed on: the caller's other options (the /api prefix) apply here once already.
  for (const resource of RESOURCES) await api.register(resource, { ctx });
};
