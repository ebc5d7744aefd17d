// Other ways to write the same path, as an attacker would try them against a guard that reads URL text:
// percent-encoding (single and double, of letters and of '/'), doubled and trailing slashes, dot segments
// (plain and encoded), case, backslashes, matrix parameters, query strings. Pure; the plain path comes first.

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

export function pathSpellings(plain: string): string[] {
  const segs = plain.split('/').slice(1); // '/api/site/x' -> ['api', 'site', 'x']
  const join = (parts: string[]) => '/' + parts.join('/');
  const firstEncoded = segs.map((s) => (s ? encodeChar(s[0]) + s.slice(1) : s));
  const out = [
    plain,
    plain + '/',
    plain + '//',
    '/' + plain,
    plain.replace(/\//g, '//'),
    join(firstEncoded),
    join(segs.map((s) => [...s].map(encodeChar).join(''))),
    join(firstEncoded.map((s) => s.replace(/^%/, '%25'))),
    plain.replace(/\//g, '%2F').replace(/^%2F/, '/'),
    join(['api', '.', ...segs.slice(1)]),
    join(['api', 'x', '..', ...segs.slice(1)]),
    join(['api', '%2e', ...segs.slice(1)]),
    join(['api', 'x', '%2e%2e', ...segs.slice(1)]),
    join(['x', '..', ...segs]),
    plain.toUpperCase(),
    join(segs.map((s, i) => (i === 1 ? s.toUpperCase() : s))),
    plain.replace(/\//g, '\\'),
    '/' + segs.join('\\'),
    plain + ';x=1',
    join(segs.map((s) => s + ';')),
    plain + '?',
    plain + '?x=1&x=2',
    plain + '%20',
    plain + '%00',
    plain + '#fragment',
  ];
  return [...new Set(out)];
}
