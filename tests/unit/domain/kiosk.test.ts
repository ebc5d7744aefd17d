// Kiosk rules: what the URL asks, what is kept where, who may end it, which links leave the app.
import { describe, expect, it } from 'vitest';
import {
  initialKiosk,
  kioskHomeFor,
  kioskRequest,
  leavesApp,
  mayEndKiosk,
  readStoredKiosk,
  storeKiosk,
  withKioskParam,
  withoutKioskParam,
} from '../../../src/domain/kiosk';

function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('kiosk', () => {
  it('reads start and end requests from the URL', () => {
    expect(kioskRequest('?kiosk=1')).toBe('on');
    expect(kioskRequest('?floor=1&kiosk=true')).toBe('on');
    expect(kioskRequest('?kiosk=0')).toBe('off');
    expect(kioskRequest('?floor=1')).toBeNull();
  });
  it('adds and removes the flag, keeping the other parameters', () => {
    expect(withKioskParam('')).toBe('?kiosk=1');
    expect(withKioskParam('?floor=1&date=2026-06-02')).toBe('?floor=1&date=2026-06-02&kiosk=1');
    expect(withKioskParam('?kiosk=0&floor=2')).toBe('?kiosk=1&floor=2');
    expect(withoutKioskParam('?kiosk=0&floor=2')).toBe('?floor=2');
    expect(withoutKioskParam('?kiosk=0')).toBe('');
  });
  it('is a kiosk at start-up from the URL or the stored kiosk; kiosk=0 alone does not end it', () => {
    expect(initialKiosk('?kiosk=1', null)).toBe(true);
    expect(initialKiosk('', '/')).toBe(true);
    expect(initialKiosk('?kiosk=0', '/')).toBe(true);
    expect(initialKiosk('', null)).toBe(false);
  });
  it('stores the kiosk Home and forgets it when ended', () => {
    const s = memoryStore();
    expect(readStoredKiosk(s)).toBeNull();
    storeKiosk('/site/farm/site', s);
    expect(readStoredKiosk(s)).toBe('/site/farm/site');
    storeKiosk(null, s);
    expect(readStoredKiosk(s)).toBeNull();
    s.setItem('survey360.kiosk', 'http://elsewhere');
    expect(readStoredKiosk(s)).toBeNull();
  });
  it('keeps Home inside the site the kiosk started in', () => {
    expect(kioskHomeFor('/site/farm-a/documentation')).toBe('/site/farm-a/site');
    expect(kioskHomeFor('/site')).toBe('/');
    expect(kioskHomeFor('/')).toBe('/');
  });
  it('is ended by a signed-in administrator, or by anyone on an install without sign-on', () => {
    expect(mayEndKiosk({ ssoEnabled: true, signedInAdmin: false })).toBe(false);
    expect(mayEndKiosk({ ssoEnabled: true, signedInAdmin: true })).toBe(true);
    expect(mayEndKiosk({ ssoEnabled: false, signedInAdmin: false })).toBe(true);
  });
  it('tells links that leave the app', () => {
    const o = 'http://kiosk.local:8080';
    expect(leavesApp('/site/farm/site', o)).toBe(false);
    expect(leavesApp('http://kiosk.local:8080/about', o)).toBe(false);
    expect(leavesApp('https://example.org/group', o)).toBe(true);
    expect(leavesApp('mailto:a@b.c', o)).toBe(true);
  });
});
