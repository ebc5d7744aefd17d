import { describe, expect, it } from 'vitest';
import { levelsFor, panelPictures, sceneFiles, siteFiles, totalBytes } from '../../src/offline/fileSet';

// A Marzipano pyramid: 512 (one tile), 1024 (2x2), 2048 (4x4), 4096 (8x8) faces of 512-px tiles.
const levels = [512, 1024, 2048, 4096].map((size) => ({ tileSize: 512, size }));
const scene = { tilesId: 'yard-1', mantaLink: '/media/tiles/', levels, fov: Math.PI / 2 };
const hd = { width: 1920, height: 1080, dpr: 1 };
const sizes = {
  tiles_id: 'yard-1',
  jpg: { preview: 60, levels: [600, 2400, 9600, 38400] },
  avif: { preview: 30, levels: [300, 1200, 4800, 19200] },
};

describe('the files a kiosk keeps', () => {
  it('takes the level the viewer draws on this screen and the coarser ones, never the deepest for 1080p', () => {
    expect(levelsFor(scene, hd)).toEqual([0, 1, 2]);
    // A 4K screen at dpr 2 needs the deepest.
    expect(levelsFor(scene, { width: 3840, height: 2160, dpr: 2 })).toEqual([0, 1, 2, 3]);
    // A fallback-only level is never drawn as such.
    expect(levelsFor({ ...scene, levels: [{ ...levels[0], fallbackOnly: true }, ...levels.slice(1)] }, hd)).toEqual([
      1, 2,
    ]);
  });

  it('names every tile of those levels and the JPEG preview, with the level bytes shared by its tiles', () => {
    const files = sceneFiles(scene, hd, true, sizes);
    expect(files).toHaveLength(1 + 6 * (1 + 4 + 16));
    expect(files[0]).toEqual({ url: '/media/tiles/yard-1/preview.jpg', bytes: 60 });
    expect(files).toContainEqual({ url: '/media/tiles/yard-1/2/f/3/3.jpg', bytes: 9600 / 96 });
    expect(totalBytes(files)).toBe(60 + 600 + 2400 + 9600);
  });

  it('takes the AVIF copy where the scene has it and the browser decodes it, and its preview too', () => {
    const files = sceneFiles({ ...scene, tileFormat: 'avif' }, hd, true, sizes);
    expect(files.map((f) => f.url)).toContain('/media/tiles/yard-1/preview.avif');
    expect(files.map((f) => f.url)).toContain('/media/tiles/yard-1/0/b/0/0.avif');
    expect(totalBytes(files)).toBe(60 + 30 + 300 + 1200 + 4800);
    // A browser without AVIF keeps the JPEGs.
    expect(sceneFiles({ ...scene, tileFormat: 'avif' }, hd, false, sizes).some((f) => f.url.endsWith('.avif'))).toBe(
      false,
    );
  });

  it('lists each address once, with the floor plans', () => {
    const plan = { url: '/media/minimaps/g.png', bytes: 5 };
    const files = siteFiles([scene, scene], hd, false, { scenes: [sizes], files: [plan] });
    expect(new Set(files.map((f) => f.url)).size).toBe(files.length);
    expect(files).toContainEqual(plan);
  });

  it("keeps the info panels' own pictures, not other sites'", () => {
    const ours = (u: string) => u.startsWith('/media/');
    const panels = [
      {
        header: { main_img_url: '/media/hotspots/a.jpg' },
        contents: [{ content: '<p><img src="/media/hotspots/b.jpg" alt=""><img src="https://x.example/c.jpg"></p>' }],
      },
    ];
    expect(panelPictures(panels, ours).map((f) => f.url)).toEqual(['/media/hotspots/a.jpg', '/media/hotspots/b.jpg']);
  });
});
