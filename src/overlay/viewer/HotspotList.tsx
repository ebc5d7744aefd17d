// The hotspot list: names of the scene's link and info hotspots. Choosing one closes the list and, after
// 800 ms, goes to the linked scene or pans to the info hotspot and opens its info.
import { useEffect, useRef } from 'react';
import { useAtom } from 'jotai';
import { hotspotListOpenAtom } from '../../state/atoms';
import { useOpenInfo } from './useOpenInfo';
import { HotspotIcon, LinkArrowIcon, ListIcon } from '../../ui/icons';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { linkArrival } from '../../domain/viewer/linkArrival';
import { useEscape } from '../../ui/useEscape';
import { usePanelFocus } from '../common/usePanelFocus';

export const HOTSPOT_LIST_DELAY_MS = 800;

export function HotspotListToggle() {
  const [open, setOpen] = useAtom(hotspotListOpenAtom);
  return (
    <button
      type="button"
      className="tool-button"
      aria-expanded={open}
      aria-controls="hotspot-list"
      onClick={() => setOpen(!open)}
    >
      <ListIcon /> <span className="tool-label">Hotspots</span>
    </button>
  );
}

export function HotspotList() {
  const [open, setOpen] = useAtom(hotspotListOpenAtom);
  const openInfo = useOpenInfo();
  const { scene, scenes, settings } = useViewerState();
  // Turned off while open (a setting saved elsewhere, heard at once): the panel goes with its toolbar button.
  const shown = open && settings.enable.hotspots_nav;
  const go = useViewerNavigate();
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current) window.clearTimeout(timer.current);
    },
    [],
  );
  useEscape(shown, () => setOpen(false));
  const panel = usePanelFocus<HTMLElement>(shown && !!scene);
  if (!shown || !scene) return null;
  const titles = new Map(scenes.map((s) => [s.survey_node.tiles_id, s.survey_node.title]));
  const later = (fn: () => void) => {
    setOpen(false);
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, HOTSPOT_LIST_DELAY_MS);
  };
  const links = scene.survey_node.link_hotspots;
  const infos = scene.survey_node.info_hotspots;
  return (
    <section id="hotspot-list" ref={panel} className="hotspot-list panel" aria-label="Hotspots">
      <h2 className="panel-title">Hotspots</h2>
      {links.length === 0 && infos.length === 0 ? <p className="muted">This scene has no hotspots.</p> : null}
      {links.length > 0 ? (
        <>
          <h3 className="list-heading">Scenes</h3>
          <ul>
            {links.map((h, i) => (
              <li key={`l${i}`}>
                <button
                  type="button"
                  className="list-button"
                  onClick={() => later(() => go(linkArrival(h, settings.initial_settings.rotation_offset)))}
                >
                  <LinkArrowIcon /> {titles.get(h.target) ?? h.target}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {infos.length > 0 ? (
        <>
          <h3 className="list-heading">Information</h3>
          <ul>
            {infos.map((h) => (
              <li key={h.info_id}>
                <button
                  type="button"
                  className="list-button"
                  onClick={() => later(() => openInfo(scene.survey_node.tiles_id, h))}
                >
                  <HotspotIcon /> {h.title}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
