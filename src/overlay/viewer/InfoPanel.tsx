// Info panel of an info hotspot: header with the main image (400x250, spinner until loaded), label title and
// close button; below, the hotspot's own fields as a labelled list, then sections of sanitised HTML. Images and videos in the content open enlarged.
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { infoPanelAtom, mediaModalAtom } from '../../state/atoms';
import { useHotspotDescriptions } from '../../api/queries/hotspots';
import { sanitizeHtml, useAllowExternalImages } from '../common/sanitize';
import { isAllowedMediaSrc } from '../../../contract/htmlPolicy';
import { CloseIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useSiteId } from '../../domain/useSite';
import { useEscape } from '../../ui/useEscape';
import { usePanelFocus } from '../common/usePanelFocus';
import { InfoFields } from './InfoFields';

export const INFO_IMAGE_WIDTH = 400;
export const INFO_IMAGE_HEIGHT = 250;

export default function InfoPanel() {
  const [info, setInfo] = useAtom(infoPanelAtom);
  const site = useSiteId();
  const descriptions = useHotspotDescriptions(site, info?.tilesId ?? null);
  const allowExternal = useAllowExternalImages();
  useEscape(!!info, () => setInfo(null));
  // Its close button first: the picture above it is one more stop for those who want it.
  const panel = usePanelFocus<HTMLElement>(!!info, (box) => box.querySelector('.info-close'));
  if (!info) return null;
  const desc = descriptions.data?.find((d) => d.info_id === info.infoId);
  const title = desc?.header.label_title || info.title;
  const mainImage =
    desc?.header.main_img_url && isAllowedMediaSrc(desc.header.main_img_url, allowExternal)
      ? desc.header.main_img_url
      : '';
  return (
    <aside ref={panel} className="info-panel panel" aria-label={`Information: ${title}`}>
      <div className="info-header">
        {mainImage ? <MainImage key={mainImage} src={mainImage} alt={title} /> : null}
        <div className="info-title-row">
          <h2 className="panel-title">{title}</h2>
          <button
            type="button"
            className="icon-button info-close"
            aria-label="Close information"
            onClick={() => setInfo(null)}
          >
            <CloseIcon />
          </button>
        </div>
      </div>
      <div className="info-body">
        {descriptions.isPending ? (
          <Spinner label="Loading information" />
        ) : descriptions.isError ? (
          <section className="info-section">
            <h3>Unable to fetch data.</h3>
            <p>Please try again later.</p>
          </section>
        ) : !desc || (desc.contents.length === 0 && !desc.fields?.length) ? (
          <p className="muted">No content available.</p>
        ) : (
          <>
            {desc.fields?.length ? <InfoFields fields={desc.fields} /> : null}
            {desc.contents.map((c, i) => (
              <InfoSection key={i} title={c.title} html={c.content} allowExternal={allowExternal} />
            ))}
          </>
        )}
      </div>
    </aside>
  );
}

function MainImage({ src, alt }: { src: string; alt: string }) {
  const [loaded, setLoaded] = useState(false);
  const openMedia = useSetAtom(mediaModalAtom);
  return (
    <button
      type="button"
      className="info-main-image"
      style={{ aspectRatio: `${INFO_IMAGE_WIDTH} / ${INFO_IMAGE_HEIGHT}` }}
      onClick={() => openMedia({ kind: 'image', src, alt })}
      aria-label={`Enlarge image: ${alt}`}
    >
      {!loaded ? (
        <span className="image-spinner">
          <Spinner label="Loading image" />
        </span>
      ) : null}
      <img
        src={src}
        alt={alt}
        width={INFO_IMAGE_WIDTH}
        height={INFO_IMAGE_HEIGHT}
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(true)}
      />
    </button>
  );
}

function InfoSection({ title, html, allowExternal }: { title: string; html: string; allowExternal: boolean }) {
  const openMedia = useSetAtom(mediaModalAtom);
  const open = (target: EventTarget | null) => {
    const el = target as HTMLElement | null;
    if (!el) return false;
    if (el.tagName === 'IMG') {
      const img = el as HTMLImageElement;
      openMedia({ kind: 'image', src: img.currentSrc || img.src, alt: img.alt });
      return true;
    }
    const video = el.closest('video');
    if (video) {
      const src = video.currentSrc || video.src || video.querySelector('source')?.src || '';
      if (src) {
        openMedia({ kind: 'video', src, alt: video.getAttribute('aria-label') ?? title });
        return true;
      }
    }
    return false;
  };
  const onClick = (e: MouseEvent) => {
    if (open(e.target)) e.preventDefault();
  };
  const onKey = (e: KeyboardEvent) => {
    if ((e.key === 'Enter' || e.key === ' ') && open(e.target)) e.preventDefault();
  };
  return (
    <section className="info-section">
      {title ? <h3>{title}</h3> : null}
      <div
        className="rich-text"
        onClick={onClick}
        onKeyDown={onKey}
        dangerouslySetInnerHTML={{
          __html: sanitizeHtml(html, { mediaFocusable: true, allowExternalImages: allowExternal }),
        }}
      />
    </section>
  );
}
