import { describe, expect, it } from 'vitest';
import { pageHeaders } from '../../../server/http/pageHeaders.ts';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the page Content-Security-Policy', () => {
  const csp = directives(
    pageHeaders({ allowExternalImages: false, frameAncestors: "'self'" })['Content-Security-Policy'],
  );

  it('lets the page fetch its own object URLs (textures inside a glTF model) and nothing foreign', () => {
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:']);
  });

  it('adds a bucket only where its blobs are read, and never a wildcard or inline script', () => {
    const withBucket = directives(
      pageHeaders({
        allowExternalImages: false,
        frameAncestors: "'self'",
        s3: { publicUrl: 'https://media.example.org/x' } as never,
      })['Content-Security-Policy'],
    );
    expect(withBucket.get('connect-src')).toEqual(["'self'", 'blob:', 'https://media.example.org']);
    expect(withBucket.get('script-src')).toEqual(["'self'"]);
    for (const sources of withBucket.values()) expect(sources).not.toContain('*');
  });

  it('lets exactly the inline scripts it is given run, by their hashes', () => {
    const csp = directives(
      pageHeaders({ allowExternalImages: false, frameAncestors: "'self'" }, ["'sha256-abc='"])[
        'Content-Security-Policy'
      ],
    );
    expect(csp.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
  });
});
