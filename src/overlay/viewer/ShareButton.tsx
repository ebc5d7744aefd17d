// Share this view: copies the viewer's deep link (floor, date, node and the view as it is now) and opens the
// system share sheet where there is one. A short status says what happened; where neither the clipboard nor a
// share sheet is there (plain http), the link is shown selected for the person to copy. Not on a kiosk: a
// public screen's clipboard is no one's to take away.
import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { kioskAtom, viewAtom } from '../../state/atoms';
import { ShareIcon } from '../../ui/icons';
import { shareUrl, type ShareOutcome } from '../../ui/shareUrl';
import { viewerShareUrl } from './shareLink';

/** How long "Link copied" stays: long enough to read, short enough not to sit over the panorama. */
const STATUS_MS = 3000;

const MESSAGES: Record<Exclude<ShareOutcome, 'failed'>, string> = {
  copied: 'Link copied',
  shared: 'Link shared',
};

export function ShareButton() {
  const kiosk = useAtomValue(kioskAtom);
  const view = useAtomValue(viewAtom);
  const [outcome, setOutcome] = useState<{ kind: ShareOutcome; url: string } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!outcome) return;
    if (outcome.kind === 'failed') {
      field.current?.focus();
      field.current?.select();
      return;
    }
    const t = window.setTimeout(() => setOutcome(null), STATUS_MS);
    return () => window.clearTimeout(t);
  }, [outcome]);

  if (kiosk) return null;
  const share = async () => {
    const url = viewerShareUrl(window.location.href, view);
    setOutcome({ kind: await shareUrl(url, document.title), url });
  };
  return (
    <>
      <button ref={button} type="button" className="tool-button" onClick={() => void share()}>
        <ShareIcon /> <span className="tool-label">Share this view</span>
      </button>
      {/* Always in the page, so screen readers hear what is written into it. */}
      <p role="status" className={outcome ? 'tool-alert share-status' : 'visually-hidden'}>
        {outcome && outcome.kind !== 'failed' ? MESSAGES[outcome.kind] : null}
        {outcome?.kind === 'failed' ? (
          <label>
            Copy this link:{' '}
            <input
              ref={field}
              readOnly
              value={outcome.url}
              onBlur={() => setOutcome(null)}
              onKeyDown={(e) => {
                // Escape closes it and gives focus back to the button it came from.
                if (e.key !== 'Escape') return;
                setOutcome(null);
                button.current?.focus();
              }}
            />
          </label>
        ) : null}
      </p>
    </>
  );
}
