// The HTML policy for data (info panels, about) against classic script and overlay payloads, through a real
// DOMPurify over jsdom, as the server runs it (the browser runs the same function over its own DOM).
import { describe, expect, it } from 'vitest';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { isAllowedMediaSrc, sanitizeWith } from '../../../contract/htmlPolicy';

const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
const clean = (html: string, allowExternalImages = false) => sanitizeWith(purify, html, { allowExternalImages });

/** Payloads that must lose everything active or covering; what may remain is inert text and structure. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="/media/a.png" onload="alert(1)">',
  '<svg onload=alert(1)><circle r=5></circle></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object>',
  '<embed src="x.swf">',
  '<form action="https://evil.example"><input name=p><button>Go</button></form>',
  '<div style="position:fixed;inset:0;z-index:99999;background:#fff">Sign in again</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<style>body{display:none}</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<div class="modal-layer fullscreen">covers</div>',
  '<div id="root">clobber</div>',
  '<img name="getElementById">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<img src="https://tracker.example/p.gif">',
  '<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video>',
  '<img src="//evil.example/x.png">',
  '<img src="/media/../api/users">',
  '<a href="//evil.example">x</a>',
  '<template><img src=x onerror=alert(1)></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<div data-x="1" aria-hidden="true" tabindex="1" role="dialog">x</div>',
  '<a href="https://ok.example" target="_self" rel="opener">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  // Mutation XSS (namespace confusion, re-parsing) and encoded schemes.
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<img src="/media/a.png" srcset="https://evil.example/x.png 2x">',
  '<a href="https://example.org" ping="https://evil.example/ping">x</a>',
  '<video src="/media/v.mp4"><track src="https://evil.example/t.vtt"></video>',
  '<img src="/media/a.png" usemap="#m"><map name="m"><area href="javascript:alert(1)"></map>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<select><option>x</option></select><textarea>x</textarea>',
  '<dialog open>covers</dialog>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<frameset><frame src="https://evil.example"></frameset>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<a href="data:image/png;base64,iVBORw0KGgo=">download</a>',
];
const ACTIVE =
  /<(script|svg|math|iframe|object|embed|form|input|button|style|link|meta|base|template|noscript|textarea|select|dialog|marquee|frame|frameset|map|area|track|isindex|body)\b|srcset|ping=|usemap|formaction|href="data:|\bon[a-z]+=|javascript:|vbscript:|data:text|style=|class=|id=|name=|data-x|aria-|role=|tracker|evil\.example|\/media\/\.\./i;

describe('the HTML policy', () => {
  it(`removes everything active or covering from ${HOSTILE.length} hostile payloads`, () => {
    for (const html of HOSTILE) expect(clean(html), html).not.toMatch(ACTIVE);
  });

  it('keeps text, structure, links, our pictures and inline raster data', () => {
    const html =
      '<h3>Pump</h3><p>Checked <b>2024</b>, see <a href="https://example.org/doc">the manual</a>.</p>' +
      '<ul><li>one</li></ul><img src="/media/pins/p.jpg" alt="Pump" width="320"><img src="data:image/png;base64,iVBORw0KGgo=">' +
      '<table><tr><td colspan="2">x</td></tr></table><video controls src="/media/docs/s/v.mp4"></video>';
    const out = clean(html);
    expect(out).toContain('<h3>Pump</h3>');
    expect(out).toContain('<b>2024</b>');
    expect(out).toContain('<a href="https://example.org/doc" target="_blank" rel="noopener noreferrer">the manual</a>');
    expect(out).toContain('<img src="/media/pins/p.jpg" alt="Pump" width="320">');
    expect(out).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('<td colspan="2">x</td>');
    expect(out).toContain('<video controls="" src="/media/docs/s/v.mp4"></video>');
  });

  it('opens every link in a new tab without opener or referrer, our own pages too', () => {
    expect(clean('<a href="/site/demo-farm/about">about</a>')).toBe(
      '<a href="/site/demo-farm/about" target="_blank" rel="noopener noreferrer">about</a>',
    );
    expect(clean('<a href="mailto:farm@example.org">mail</a>')).toBe(
      '<a href="mailto:farm@example.org" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    expect(clean('<a href="/\\evil.example">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('shows pictures from other sites only when the setting allows it', () => {
    expect(clean('<img src="https://example.org/a.jpg">')).toBe('<img>');
    expect(clean('<img src="https://example.org/a.jpg">', true)).toBe('<img src="https://example.org/a.jpg">');
    expect(clean('<img src="javascript:alert(1)">', true)).toBe('<img>');
  });

  it('decides picture addresses: ours, raster data, and http(s) only when allowed', () => {
    expect(isAllowedMediaSrc('/media/tiles/x/preview.jpg')).toBe(true);
    expect(isAllowedMediaSrc('/media/../x')).toBe(false);
    expect(isAllowedMediaSrc('/api/users')).toBe(false);
    expect(isAllowedMediaSrc('data:image/jpeg;base64,AAAA')).toBe(true);
    expect(isAllowedMediaSrc('data:image/svg+xml;base64,AAAA')).toBe(false);
    expect(isAllowedMediaSrc('https://example.org/a.png')).toBe(false);
    expect(isAllowedMediaSrc('https://example.org/a.png', true)).toBe(true);
    expect(isAllowedMediaSrc('javascript:alert(1)', true)).toBe(false);
  });

  it('adds tab stops to pictures that open enlarged, not taken from the data', () => {
    const out = sanitizeWith(purify, '<img src="/media/a.png">', { mediaFocusable: true });
    expect(out).toBe('<img src="/media/a.png" tabindex="0" role="button" alt="Image">');
  });
});
