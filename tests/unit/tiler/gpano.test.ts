import { describe, expect, it } from 'vitest';
import { MAX_XMP_CHARS, gpanoNumber, parseGPano } from '../../../server/services/tiler/gpano.ts';

const packet = (body: string, ns = 'xmlns:GPano="http://ns.google.com/photos/1.0/panorama/"') => `<?xpacket begin=""?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" ${ns} ${body}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

describe('parseGPano', () => {
  it('reads values written as attributes', () => {
    const g = parseGPano(
      packet(`GPano:ProjectionType="equirectangular" GPano:FullPanoWidthPixels="8192"
        GPano:FullPanoHeightPixels='4096' GPano:PoseHeadingDegrees=" 271.5 ">`),
    );
    expect(g).toEqual({
      ProjectionType: 'equirectangular',
      FullPanoWidthPixels: '8192',
      FullPanoHeightPixels: '4096',
      PoseHeadingDegrees: '271.5',
    });
  });

  it('reads values written as elements, and mixes of both', () => {
    const g = parseGPano(
      packet(`GPano:CroppedAreaLeftPixels="10">
        <GPano:CroppedAreaTopPixels>512</GPano:CroppedAreaTopPixels>
        <GPano:CroppedAreaImageWidthPixels rdf:datatype="int">4096</GPano:CroppedAreaImageWidthPixels>`),
    );
    expect(g).toEqual({
      CroppedAreaLeftPixels: '10',
      CroppedAreaTopPixels: '512',
      CroppedAreaImageWidthPixels: '4096',
    });
  });

  it('follows the prefix the packet binds to the GPano namespace', () => {
    const g = parseGPano(
      packet('pano:FullPanoWidthPixels="6000">', 'xmlns:pano="http://ns.google.com/photos/1.0/panorama/"'),
    );
    expect(g).toEqual({ FullPanoWidthPixels: '6000' });
  });

  it('finds nothing in a packet without GPano, and does not mistake a longer field name', () => {
    expect(parseGPano(packet('xmp:CreatorTool="camera">'))).toEqual({});
    expect(parseGPano(packet('GPano:FullPanoWidthPixelsX="1">'))).toEqual({});
    expect(parseGPano('')).toEqual({});
  });
});

describe('parseGPano on hostile packets', () => {
  // Many GPano namespace bindings and element openings never closed by `>`: each used to rescan to the end.
  const hostile = (chars: number) => {
    const ns = Array.from({ length: 16 }, (_, i) => `xmlns:g${i}="http://ns.google.com/photos/1.0/panorama/"`);
    const head = `<x:xmpmeta ${ns.join(' ')}>`;
    const unit = '<g0:FullPanoWidthPixels <g15:PoseHeadingDegrees ';
    return head + unit.repeat(Math.ceil((chars - head.length) / unit.length)).slice(0, chars - head.length);
  };
  const timed = (xmp: string) => {
    const start = performance.now();
    const g = parseGPano(xmp);
    return { g, ms: performance.now() - start };
  };

  it('scans a packet just under the bound in linear time', () => {
    const { g, ms } = timed(hostile(MAX_XMP_CHARS - 1));
    expect(g).toEqual({});
    expect(ms).toBeLessThan(50);
  });

  it('ignores a 400 KB packet at once', () => {
    const { g, ms } = timed(hostile(400 * 1024));
    expect(g).toEqual({});
    expect(ms).toBeLessThan(50);
  });

  it('still reads a real packet bound to many prefixes', () => {
    const ns =
      'xmlns:a="http://ns.google.com/photos/1.0/panorama/" xmlns:GPano="http://ns.google.com/photos/1.0/panorama/"';
    expect(parseGPano(packet('GPano:FullPanoWidthPixels="6000">', ns))).toEqual({ FullPanoWidthPixels: '6000' });
  });
});

describe('gpanoNumber', () => {
  it('takes plain decimals and nothing else', () => {
    expect(gpanoNumber('8192')).toBe(8192);
    expect(gpanoNumber('-12.5')).toBe(-12.5);
    for (const bad of ['', 'abc', '12px', '0x10', 'Infinity', '1,5', ' ']) expect(gpanoNumber(bad), bad).toBeNaN();
  });
});
