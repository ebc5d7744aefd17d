// The panorama viewer page: the panorama (or, for an admin on a floor with no survey, the upload form) with
// the overlay: title card, camera info, hotspot list, timeline, floor slider, info panel and minimap.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite, siteContent } from '../../api/writeRefresh';
import type { InfoHotspot, ViewParameters } from '../../../contract/api';
import { infoPanelAtom, kioskAtom, kioskTourAtom, timelineOpenAtom } from '../../state/atoms';
import { useOpenInfo } from './useOpenInfo';
import { parseViewerLink } from '../../../contract/viewerLink';
import { openingView } from '../../../contract/initialView';
import { Spinner } from '../../ui/Spinner';
import { useHeldPicture } from './useHeldPicture';
import { VisitorMinimap } from '../minimap/VisitorMinimap';
import { useResolvedViewerState } from '../../domain/viewer/useResolvedViewerState';
import { ViewerStateProvider } from '../../domain/viewer/ViewerStateContext';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { linkArrival } from '../../domain/viewer/linkArrival';
import { useDeepLinkSync } from './useDeepLinkSync';
import { useKioskIdle } from './useKioskIdle';
import { useAfterFirstView } from './useAfterFirstView';
import { useFirstViewSettled } from '../../state/useFirstViewSettled';
import { useSecondSideEarly } from './useSecondSideEarly';
import { useMinimapReads } from './useMinimapReads';
import { useLoadedModule } from '../common/useLoadedModule';
import { loadAdminMinimap } from './adminMinimapPart';
import { PanoramaSlot } from './PanoramaSlot';
import { TitleCard } from './TitleCard';
import { CameraInfo, CameraInfoToggle } from './CameraInfo';
import { HotspotList, HotspotListToggle } from './HotspotList';
import { TimelineButton, TimelineDrawer } from './TimelineDrawer';
import { FloorSlider } from './FloorSlider';
import { EnterVrButton, MotionToggle } from './ImmersiveControls';
import { ShareButton } from './ShareButton';
import { useMayDo } from '../../domain/useAdmin';
import { MediaModal } from './MediaModal';
import { CameraIcon, CompareIcon, EditIcon, HotspotIcon, RouteIcon } from '../../ui/icons';
import { usePublishedTours } from '../../api/queries/tours';
import { HeldToolButton, useHeldHandover } from './HeldToolButton';
import { compareUnavailable } from '../../compare/compareState';

// The scene upload form (and papaparse with it): loaded only for administrators, never in a visitor's bundle.
const UploadPage = lazy(() => import('../../editor/upload/UploadPage'));
// "Set start view here": the survey manager's code, for administrators only.
const StartViewButton = lazy(() => import('../../editor/surveys/StartViewButton'));
// The hotspot editor: loaded only when an administrator switches the hotspot editor on.
const HotspotEditor = lazy(() => import('../../editor/hotspots/HotspotEditor'));
// Compare two dates (src/compare): loaded once the first view is complete, so none of it is on that view's path
// (on a compare deep link naming its second side, once the opening tiles are in: useSecondSideEarly).
const CompareControls = lazy(() => import('../../compare/CompareControls'));
// The tour editor: loaded only when an administrator opens it.
const TourEditor = lazy(() => import('../../editor/tours/TourEditor'));
// Guided tours (their button, player and reads) load once the first view is complete.
const loadTours = () => import('../../tours/ViewerTours');
// The info panel (and DOMPurify with it) loads when an info hotspot is first opened.
const InfoPanel = lazy(() => import('./InfoPanel'));

export function ViewerPage() {
  const firstViewSettled = useFirstViewSettled();
  // A compare deep link's second side is part of its first view: its code comes with the opening tiles.
  const secondSideEarly = useSecondSideEarly();
  // Computed once here; every part of the page reads it from the provider below.
  const state = useResolvedViewerState();
  useDeepLinkSync(state);
  const { settings, scene, scenes, isAdmin, floorPopulated, floor, site } = state;
  const go = useViewerNavigate();
  const location = useLocation();
  const kiosk = useAtomValue(kioskAtom);
  const timelineOpen = useAtomValue(timelineOpenAtom);
  // A kiosk's tour turns the camera itself: the idle turn stops while it plays.
  const kioskTour = useAtomValue(kioskTourAtom);
  const autoRotate = useKioskIdle(settings) && kioskTour !== 'playing';
  const Tours = useLoadedModule(loadTours, firstViewSettled);
  // The page's own copy of the tours read (not fetched here): the button is held in its place until their code is in.
  const heldTours = usePublishedTours(state.site, false).data?.length ?? 0;
  const info = useAtomValue(infoPanelAtom);
  const openInfo = useOpenInfo();
  // The start-view button's code and its survey read wait for the first view: nothing for later competes with it.
  // Until then (and until its code is in) it is held in its place, disabled.
  const mayManage = useMayDo('manageSurveys');

  const [editingHotspots, setEditingHotspots] = useState(false);
  const queryClient = useQueryClient();
  const mayEditHotspots = useMayDo('editHotspots');
  const editHotspots = editingHotspots && mayEditHotspots && !kiosk && !!scene;
  // Editing this scene's hotspots (not picking where a link lands on its target, which is seen as visitors see it).
  const [onTheScene, setOnTheScene] = useState(true);
  const editingHere = editHotspots && onTheScene;
  const [editingTours, setEditingTours] = useState(false);
  const mayEditTours = useMayDo('editTours') && !kiosk;

  // The view a scene opens at: the deep link's view when the link names this scene, else the scene's own.
  const link = parseViewerLink(location.search);
  const sceneKey = scene?.id;
  const initialView = useMemo<ViewParameters | null>(() => {
    if (!scene) return null;
    return openingView(scene.survey_node, settings.initial_settings, link);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of scene re-reads the link; later view changes are the panorama's own
  }, [sceneKey]);
  // Marks the first view complete when there is none to wait for, or on the visitor's first input: the
  // admin minimap's canvas code waits for it (see AdminMinimap).
  useAfterFirstView(!state.loading && !(scene && initialView));
  const picture = useHeldPicture(
    useMemo(() => (scene && initialView ? { scene, initialView, scenes } : null), [scene, initialView, scenes]),
    state.loading,
  );
  const pictureScenes = picture?.scenes;
  const sceneTitles = useMemo(
    () => new Map((pictureScenes ?? []).map((s) => [s.survey_node.tiles_id, s.survey_node.title])),
    [pictureScenes],
  );
  const sceneFormats = useMemo(
    () =>
      new Map((pictureScenes ?? []).map((s) => [s.survey_node.tiles_id, s.survey_node.tile_format ?? 'jpg'] as const)),
    [pictureScenes],
  );
  // The minimap mounts once the page knows its floor and date (then for good): mounted sooner it would ask
  // for the nodes of no date, a read the first view's own reads and tiles would wait behind.
  const [resolved, setResolved] = useState(false);
  if (!resolved && !state.loading) setResolved(true);
  useMinimapReads(site, floor, state.date);
  const AdminMinimap = useLoadedModule(loadAdminMinimap, resolved && isAdmin)?.default;
  const toolbarRef = useHeldHandover();

  if (floorPopulated === false && isAdmin) {
    return (
      <Suspense fallback={<Spinner />}>
        <UploadPage mode="addScene" site={site} floor={floor} />
      </Suspense>
    );
  }

  const comparePlace = (
    <HeldToolButton
      icon={<CompareIcon />}
      label="Compare dates"
      unavailable={!!compareUnavailable(state.date, state.dates)}
    />
  );
  const startViewPlace = <HeldToolButton icon={<CameraIcon />} label="Set start view here" unavailable={false} />;
  const onInfo = (h: InfoHotspot) => {
    if (!scene) return;
    openInfo(scene.survey_node.tiles_id, h);
  };

  return (
    <ViewerStateProvider value={state}>
      <div
        className={`viewer${kiosk ? ' kiosk' : ''}${timelineOpen ? ' timeline-open' : ''}${editingHere ? ' editing-hotspots' : ''}`}
      >
        <div className="panorama-area">
          {picture ? (
            <PanoramaSlot
              scene={picture.scene}
              sceneTitles={sceneTitles}
              sceneFormats={sceneFormats}
              initialView={picture.initialView}
              mouseViewMode={settings.marzipano_mouse_view_mode}
              autoRotate={autoRotate}
              onLinkHotspot={(l) => go(linkArrival(l, settings.initial_settings.rotation_offset))}
              onInfoHotspot={onInfo}
              hideHotspots={editingHere && picture.scene.id === scene.id}
            />
          ) : null}
          {picture && !scene && state.loading ? (
            <div className="panorama-loading">
              <Spinner label="Loading the survey" />
            </div>
          ) : null}
          {picture ? null : (
            <div className="panorama-empty">
              {state.loading ? (
                <Spinner label="Loading the survey" />
              ) : state.error ? (
                <p role="alert">{state.error.message}</p>
              ) : (
                <p>There is no survey to show on this floor yet.</p>
              )}
            </div>
          )}
          {editHotspots ? (
            <Suspense fallback={null}>
              <HotspotEditor
                site={site}
                scene={scene}
                scenes={scenes.filter((s) => s.date === scene.date && s.survey_name === scene.survey_name)}
                onClose={() => setEditingHotspots(false)}
                onSaved={() => refreshAfterWrite(queryClient, siteContent(site))}
                rotationOffset={settings.initial_settings.rotation_offset ?? 0}
                onEditing={setOnTheScene}
              />
            </Suspense>
          ) : null}
        </div>
        {/* The overlay is a CSS grid over the panorama (app.css): each control has its own area, so nothing
          covers another and opening a panel moves nothing. */}
        <div className="viewer-top">
          <TitleCard />
          <div className="viewer-tools" role="toolbar" aria-label="Viewer tools" ref={toolbarRef}>
            {settings.enable.hotspots_nav ? <HotspotListToggle /> : null}
            {settings.enable.timeline ? <TimelineButton /> : null}
            <CameraInfoToggle />
            <MotionToggle />
            <EnterVrButton />
            <ShareButton />
            {scene ? (
              firstViewSettled || secondSideEarly ? (
                <Suspense fallback={comparePlace}>
                  <CompareControls />
                </Suspense>
              ) : (
                comparePlace
              )
            ) : null}
            {Tours ? (
              <Tours.TourButton />
            ) : heldTours && !kiosk ? (
              <HeldToolButton
                icon={<RouteIcon />}
                label={heldTours === 1 ? 'Guided tour' : 'Guided tours'}
                unavailable={false}
              />
            ) : null}
            {mayManage && scene ? (
              firstViewSettled ? (
                <Suspense fallback={startViewPlace}>
                  <StartViewButton
                    site={site}
                    sceneId={scene.id}
                    rotationOffset={settings.initial_settings.rotation_offset ?? 0}
                  />
                </Suspense>
              ) : (
                startViewPlace
              )
            ) : null}
            {mayEditHotspots && !kiosk && scene ? (
              <button
                type="button"
                className="tool-button"
                aria-pressed={editHotspots}
                onClick={() => setEditingHotspots((on) => !on)}
              >
                {/* Not "Edit hotspots": the name would also answer to the hotspot list's "Hotspots". */}
                <HotspotIcon /> <span className="tool-label">Hotspot editor</span>
              </button>
            ) : null}
            {mayEditTours ? (
              <button
                type="button"
                className="tool-button"
                aria-pressed={editingTours}
                onClick={() => setEditingTours((on) => !on)}
              >
                <EditIcon /> <span className="tool-label">Tour editor</span>
              </button>
            ) : null}
          </div>
        </div>
        {/* The panels the toolbar opens come next in the Tab order, whichever place the grid gives them. */}
        <HotspotList />
        <TimelineDrawer />
        <CameraInfo />
        <FloorSlider />
        {!resolved ? null : isAdmin ? AdminMinimap ? <AdminMinimap /> : null : <VisitorMinimap />}
        {info ? (
          <Suspense fallback={null}>
            <InfoPanel />
          </Suspense>
        ) : null}
        <MediaModal />
        {Tours ? <Tours.TourStage /> : null}
        {editingTours && mayEditTours ? (
          <Suspense fallback={null}>
            <TourEditor site={site} onClose={() => setEditingTours(false)} />
          </Suspense>
        ) : null}
      </div>
    </ViewerStateProvider>
  );
}
