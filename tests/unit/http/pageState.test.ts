// The page's first-load state, pure: the JSON in the data block cannot end the script element and parses back
// to the same value; the preload links and the block land where the browser reads them; If-None-Match matching;
// and the client seeds exactly the block's answers (server/bootstrap/bootstrapHtml.ts, src/api/bootstrap.ts).
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { QueryClient } from '@tanstack/react-query';
import { scriptSafeJson, withPageState } from '../../../server/bootstrap/bootstrapHtml';
import { ifNoneMatchHas } from '../../../server/http/apiCaching';
import { seedFromPage } from '../../../src/api/bootstrap';
import { isAllowedMediaSrc } from '../../../contract/htmlPolicy';

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '<!--<script>',
  '</SCRIPT >',
  '\u2028\u2029',
  '&lt;',
  ']]>',
  '"\'`',
];
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>t</title><script type="module" src="/assets/m.js"></script></head><body><div id="root"></div></body></html>';

describe('scriptSafeJson', () => {
  it.each(HOSTILE)('keeps %j inside the element and gives back the same value', (text) => {
    const value = { a: text, [text]: [text] };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('withPageState', () => {
  const state = {
    v: 1 as const,
    queries: [[['appConfig'], { title: HOSTILE.join('') }]] as Array<[string[], unknown]>,
  };

  it('puts the first view, its inline starter and its script after the charset, the block at the end of the body', () => {
    const html = withPageState(TEMPLATE, {
      state,
      firstView: {
        data: { source: {}, view: {} } as never,
        script: { src: '/assets/firstView-a.js', imports: [] },
        starter: 'window.started=1',
      },
    });
    expect(html.indexOf('<meta charset="UTF-8" /><script type="application/json" id="first-view">')).toBeGreaterThan(0);
    const doc = new JSDOM(html).window.document;
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.map((s) => s.type)).toEqual(['application/json', '', 'module', 'module', 'application/json']);
    // The starter right after the block it reads, before any script file.
    expect(scripts[1]!.textContent).toBe('window.started=1');
    expect(doc.body.lastElementChild!.id).toBe('bootstrap');
    expect(JSON.parse(doc.getElementById('bootstrap')!.textContent!)).toEqual(state);
  });

  it("names the first-view script's imports right after it, before the app's own scripts", () => {
    const html = withPageState(TEMPLATE, {
      state,
      firstView: {
        data: { source: {}, view: {} } as never,
        script: { src: '/assets/firstView-a.js', imports: ['/assets/early-b.js', '/assets/tile"s.js'] },
      },
    });
    const doc = new JSDOM(html).window.document;
    const head = [...doc.head.children].map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? e.id);
    const script = head.indexOf('/assets/firstView-a.js');
    expect(script).toBeGreaterThan(0);
    expect(head.slice(script + 1, script + 3)).toEqual(['/assets/early-b.js', '/assets/tile"s.js']);
    const preloads = [...doc.querySelectorAll('link[rel=modulepreload]')];
    expect(preloads.map((l) => l.hasAttribute('crossorigin'))).toEqual([true, true]);
  });

  it('without a first view or parts leaves the head as it was', () => {
    const html = withPageState(TEMPLATE, { state });
    expect(html.slice(0, html.indexOf('<div id="root">'))).toBe(TEMPLATE.slice(0, TEMPLATE.indexOf('<div id="root">')));
  });
});

describe('ifNoneMatchHas', () => {
  it('compares weakly, in lists, and takes *', () => {
    expect(ifNoneMatchHas('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHas('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHas('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHas('*', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHas('"abcd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHas(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('seedFromPage', () => {
  it('puts each answer under its key, as fetched data', () => {
    const html = withPageState(TEMPLATE, {
      state: {
        v: 1,
        queries: [
          [['appConfig'], { a: HOSTILE[0] }],
          [['site', 'farm', 'surveyDetails', 0, null], []],
        ],
      },
    });
    const client = new QueryClient();
    seedFromPage(client, new JSDOM(html).window.document);
    expect(client.getQueryData(['appConfig'])).toEqual({ a: HOSTILE[0] });
    expect(client.getQueryData(['site', 'farm', 'surveyDetails', 0, null])).toEqual([]);
    expect(client.getQueryState(['appConfig'])?.status).toBe('success');
  });

  it("a seeded app config does what its fetch does: the bucket's pictures become our own media", () => {
    const bucket = 'https://bucket.example.org/media';
    expect(isAllowedMediaSrc(`${bucket}/plans/a.png`)).toBe(false);
    const html = withPageState(TEMPLATE, {
      state: { v: 1, queries: [[['appConfig'], { mediaBaseUrl: bucket }]] },
    });
    seedFromPage(new QueryClient(), new JSDOM(html).window.document);
    expect(isAllowedMediaSrc(`${bucket}/plans/a.png`)).toBe(true);
  });

  it('seeds nothing on a page shown again by Back or Forward (it may come from the cache unasked)', () => {
    const html = withPageState(TEMPLATE, { state: { v: 1, queries: [[['appConfig'], {}]] } });
    const client = new QueryClient();
    seedFromPage(client, new JSDOM(html).window.document, true);
    expect(client.getQueryData(['appConfig'])).toBeUndefined();
  });
});
