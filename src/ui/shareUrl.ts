// Hand a link on from a click: copy it to the clipboard, then open the system share sheet where the browser has
// one (phones, some desktops). Copied first: the share sheet takes the page's focus, and a write to the
// clipboard needs it. The click's user activation outlives the copy, so the sheet still opens after it.
export type ShareOutcome = 'copied' | 'shared' | 'failed';

export async function shareUrl(url: string, title: string, nav: Navigator = navigator): Promise<ShareOutcome> {
  let copied = false;
  try {
    // Absent on a page that is not a secure context (plain http other than localhost).
    if (nav.clipboard) {
      await nav.clipboard.writeText(url);
      copied = true;
    }
  } catch {
    // Refused (no permission, page not focused): the share sheet or the shown link remains.
  }
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ url, title });
      return copied ? 'copied' : 'shared';
    } catch {
      // Dismissed by the person (AbortError) or refused: what the clipboard got still stands.
    }
  }
  return copied ? 'copied' : 'failed';
}
