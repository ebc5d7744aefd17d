// The files a documentation ZIP may carry to try to run script on our origin, and the passive files that must still
// show inline. Shared by the API test (headers of every answer) and the browser test (nothing runs in Chromium).
// Every active payload, if it ever ran on our origin, would leave traces the browser test looks for: the document
// title, a key in localStorage, a cookie, a message on a BroadcastChannel of our origin, and a request to /beacon/.
import sharp from 'sharp';

/** The trace-leaving script; `tag` says which file ran. */
export const ranScript = (tag: string) =>
  `document.title='ran:${tag}';try{localStorage.setItem('pwned','${tag}')}catch(e){}` +
  `try{document.cookie='pwned=${tag};path=/'}catch(e){}` +
  `try{new BroadcastChannel('served-files').postMessage('${tag}')}catch(e){}` +
  `try{fetch('/beacon/${tag}')}catch(e){}try{window.opener&&window.opener.postMessage('ran:${tag}','*')}catch(e){}`;

const html = (tag: string) =>
  `<!doctype html><html><head><title>doc</title></head><body><h1>${tag}</h1>` +
  `<script>${ranScript(tag)}</script><img src="/nothing" onerror="${ranScript(tag).replace(/"/g, '&quot;')}"></body></html>`;
const xhtml = (tag: string) =>
  `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><script>${ranScript(tag)}</script></body></html>`;
/** Any XML dialect: an element in the XHTML namespace is a script Chromium runs in an XML document. */
const xmlWithScript = (tag: string, root = 'root') =>
  `<?xml version="1.0"?><${root}><x:script xmlns:x="http://www.w3.org/1999/xhtml">${ranScript(tag)}</x:script></${root}>`;
const svg = (tag: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50" onload="${ranScript(tag)}"><script>${ranScript(tag)}</script></svg>`;

/** name in the ZIP -> content. Every one must come back as a sandboxed attachment. */
export const HOSTILE_FILES: Record<string, string> = {
  'page.html': html('html'),
  'page.htm': html('htm'),
  'UPPER.HTML': html('upper-html'),
  'Mixed.HtMl': html('mixed-html'),
  'page.shtml': html('shtml'),
  'page.xhtml': xhtml('xhtml'),
  'page.xht': xhtml('xht'),
  'PAGE.XHTML': xhtml('upper-xhtml'),
  'page.mht': `MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary="b"\r\n\r\n--b\r\nContent-Type: text/html\r\nContent-Location: http://x/\r\n\r\n${html('mht')}\r\n--b--\r\n`,
  'page.mhtml': `MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n${html('mhtml')}`,
  'feed.xml': `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="style.xsl"?>${xmlWithScript('xml').replace('<?xml version="1.0"?>', '')}`,
  'style.xsl': `<?xml version="1.0"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><html><body><script>${ranScript('xsl-out')}</script></body></html></xsl:template><x:script xmlns:x="http://www.w3.org/1999/xhtml">${ranScript('xsl')}</x:script></xsl:stylesheet>`,
  'style.xslt': xmlWithScript('xslt'),
  'schema.xsd': xmlWithScript('xsd'),
  'news.rss': xmlWithScript('rss', 'rss'),
  'news.atom': xmlWithScript('atom', 'feed'),
  'meta.rdf': xmlWithScript('rdf'),
  'ui.xul': xmlWithScript('xul'),
  'map.kml': xmlWithScript('kml'),
  'plan.svg': svg('svg'),
  'PLAN2.SVG': svg('upper-svg'),
  'plan.svgz': svg('svgz'),
  'app.js': ranScript('js'),
  'app.mjs': ranScript('mjs'),
  'look.css': 'body{background:url(/beacon/css)}',
  noextension: html('noext'),
  'double.png.html': html('double'),
  'trailing.html.': html('trailing'),
  'html-in-a.png': html('png-named'),
  'html-in-a.jpg': html('jpg-named'),
  'HTML-IN-A.PNG': html('upper-png-named'),
  'html-in-a.gif': html('gif-named'),
  'html-in-a.pdf': html('pdf-named'),
  'html-in-a.mp4': html('mp4-named'),
  'movie.swf': 'FWS',
  'module.wasm': '\0asm',
  'data.json': '{"a":1}',
  'sheet.csv': '=HYPERLINK("http://evil")',
  'cache.appcache': 'CACHE MANIFEST',
  'vcard.vcf': 'BEGIN:VCARD',
  'book.epub': 'PK',
};

/** A real one-page PDF (valid cross-reference table), so a browser's viewer opens it. */
export function tinyPdf(text = 'Survey report'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 18 Tf 30 100 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Passive files: name -> content and the type they must be served with, inline. */
export async function passiveFiles(): Promise<Record<string, { data: Buffer; type: string }>> {
  const pic = sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 140, b: 90 } } });
  const png = await pic.clone().png().toBuffer();
  const bmp = Buffer.alloc(58);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(58, 2);
  bmp.writeUInt32LE(54, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(1, 18);
  bmp.writeInt32LE(1, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(24, 28);
  bmp.writeUInt32LE(4, 34);
  // ISO media (mp4) and WAV files begin with these boxes/chunks; the content check reads no further.
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42\0\0\0\0mp42isom', 'latin1')]);
  const wav = Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    Buffer.from([36, 0, 0, 0]),
    Buffer.from('WAVEfmt ', 'latin1'),
    Buffer.alloc(28),
  ]);
  return {
    'plan.png': { data: png, type: 'image/png' },
    'photo.jpg': { data: await pic.clone().jpeg().toBuffer(), type: 'image/jpeg' },
    'PHOTO2.JPEG': { data: await pic.clone().jpeg().toBuffer(), type: 'image/jpeg' },
    'anim.gif': { data: await pic.clone().gif().toBuffer(), type: 'image/gif' },
    'pic.webp': { data: await pic.clone().webp().toBuffer(), type: 'image/webp' },
    'pic.avif': { data: await pic.clone().avif().toBuffer(), type: 'image/avif' },
    'pic.bmp': { data: bmp, type: 'image/bmp' },
    // A PNG named .jpg is still a picture: the type served is the content's.
    'really-a-png.jpg': { data: png, type: 'image/png' },
    'manual.pdf': { data: tinyPdf(), type: 'application/pdf' },
    'readme.txt': { data: Buffer.from('Plain words <b>not bold</b>\n'), type: 'text/plain; charset=utf-8' },
    // A file stored under the old rule (active names got ".txt" added) is plain text.
    'page.html.txt': { data: Buffer.from(html('old-txt')), type: 'text/plain; charset=utf-8' },
    'clip.mp4': { data: mp4, type: 'video/mp4' },
    'sound.wav': { data: wav, type: 'audio/wav' },
  };
}
