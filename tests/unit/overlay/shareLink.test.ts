import { describe, expect, it, vi } from 'vitest';
import { viewerShareUrl } from '../../../src/overlay/viewer/shareLink';
import { shareUrl } from '../../../src/ui/shareUrl';

describe('the link the Share button hands out', () => {
  it('names the node and date of the address with the view as it is now', () => {
    const url = new URL(
      viewerShareUrl('http://h:8080/site?site=farm&floor=1&date=2024-04-15&node=n2&yaw=0.1&pitch=0&fov=1#x', {
        yaw: 1.234567,
        pitch: -0.2,
        fov: 1.1,
      }),
    );
    expect(url.pathname).toBe('/site');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      site: 'farm',
      floor: '1',
      date: '2024-04-15',
      node: 'n2',
      yaw: '1.2346',
      pitch: '-0.2',
      fov: '1.1',
    });
    expect(url.hash).toBe('');
  });

  it('never makes its receiver a kiosk, and keeps the address view before the first frame', () => {
    const url = new URL(viewerShareUrl('http://h/site/farm/site?kiosk=1&date=2024-04-15&yaw=0.5', null));
    expect(url.searchParams.has('kiosk')).toBe(false);
    expect(url.searchParams.get('yaw')).toBe('0.5');
  });
});

describe('sharing a link', () => {
  const nav = (parts: Partial<Navigator>) => parts as Navigator;

  it('copies it, then opens the share sheet with it', async () => {
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {});
    const out = await shareUrl('http://h/x', 'T', nav({ clipboard: { writeText } as never, share }));
    expect(out).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('http://h/x');
    expect(share).toHaveBeenCalledWith({ url: 'http://h/x', title: 'T' });
    expect(writeText.mock.invocationCallOrder[0]).toBeLessThan(share.mock.invocationCallOrder[0]!);
  });

  it('says shared without a clipboard, and failed with neither or when both refuse', async () => {
    expect(await shareUrl('u', 't', nav({ share: async () => {} }))).toBe('shared');
    expect(await shareUrl('u', 't', nav({}))).toBe('failed');
    const refuse = async () => Promise.reject(new DOMException('no', 'NotAllowedError'));
    expect(await shareUrl('u', 't', nav({ clipboard: { writeText: refuse } as never, share: refuse }))).toBe('failed');
  });

  it('counts a dismissed share sheet as copied when the clipboard took the link', async () => {
    const abort = async () => Promise.reject(new DOMException('dismissed', 'AbortError'));
    expect(await shareUrl('u', 't', nav({ clipboard: { writeText: async () => {} } as never, share: abort }))).toBe(
      'copied',
    );
  });
});
