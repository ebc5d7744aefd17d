// One HTTP/1.1 request written byte for byte on a socket: the path goes out exactly as given (no client-side URL
// normalisation, which fetch and node:http both do or refuse), so tests see what the server does with it.
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  // A Host given by the caller (another name for this server) replaces the address's own.
  const ownHost = Object.keys(headers).some((k) => k.toLowerCase() === 'host') ? [] : [`Host: ${url.host}`];
  const head = [`${method} ${path} HTTP/1.1`, ...ownHost, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  if (body !== undefined) head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    // write, not end: a half-closed socket makes Node's server drop a request still being answered.
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`${head.join('\r\n')}\r\n\r\n${body ?? ''}`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c) => {
      chunks.push(c);
      // An event stream never ends by itself: its head (and first lines) are the answer.
      const text = Buffer.concat(chunks).toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd > 0 && /\r\ncontent-type: text\/event-stream/i.test(text.slice(0, headEnd))) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const lines = text.slice(0, split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const hdrs: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        if (i > 0) hdrs[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let rest = split < 0 ? '' : text.slice(split + 4);
      if (/chunked/i.test(hdrs['transfer-encoding'] ?? '')) rest = dechunk(rest);
      resolve({ status, headers: hdrs, body: rest });
    });
  });
}

function dechunk(s: string): string {
  let out = '';
  for (let i = 0; i < s.length;) {
    const eol = s.indexOf('\r\n', i);
    const size = parseInt(s.slice(i, eol), 16);
    if (!size) break;
    out += s.slice(eol + 2, eol + 2 + size);
    i = eol + 2 + size + 2;
  }
  return out;
}
