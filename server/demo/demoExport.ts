// Builds a real Marzipano Tool export (zip with app-files/data.js and tiles) plus its positions CSV for a group
// of generated nodes, so the demo goes through exactly the same ingest as a customer's upload.
import JSZip from 'jszip';
import { renderCubeFaceRaw } from './cubeFaces.ts';
import { buildTilePyramid } from './tilePyramid.ts';
import { sceneSlug } from '../../contract/slugs.ts';

export interface DemoNode {
  name: string;
  label: string;
  x: number;
  y: number;
  info: { title: string; html: string; yawDeg: number; pitchDeg: number }[];
}
export interface DemoGroup {
  title: string;
  surveyName: string;
  date: string;
  floor: number;
  nodes: DemoNode[];
  faceSize: number;
}

/** The folder the Marzipano Tool gives the scene. */
const sceneId = (i: number, name: string) => `${i}-${sceneSlug(name)}`;

/** Yaw (radians) from one plan position towards another: yaw 0 looks "up" the plan (-y), positive turns right. */
const yawTowards = (from: { x: number; y: number }, to: { x: number; y: number }) =>
  Math.atan2(to.x - from.x, -(to.y - from.y));

/** Each node links to its two nearest neighbours (both ways), so every scene can be walked to. */
function neighbourLinks(nodes: { x: number; y: number }[]): [number, number][] {
  const pairs = new Set<string>();
  nodes.forEach((a, i) => {
    nodes
      .map((b, j) => ({ j, d: Math.hypot(a.x - b.x, a.y - b.y) }))
      .filter((e) => e.j !== i)
      .sort((p, q) => p.d - q.d)
      .slice(0, 2)
      .forEach(({ j }) => pairs.add([Math.min(i, j), Math.max(i, j)].join(',')));
  });
  return [...pairs].map((p) => p.split(',').map(Number) as [number, number]);
}

export async function buildDemoExport(group: DemoGroup): Promise<{ zip: Buffer; csv: string }> {
  const zip = new JSZip();
  const links = neighbourLinks(group.nodes);
  const scenes = [];
  for (const [i, node] of group.nodes.entries()) {
    const id = sceneId(i, node.name);
    const pyramid = await buildTilePyramid((face) => renderCubeFaceRaw(face, node.label, group.faceSize), {
      faceSize: group.faceSize,
      tileSize: 512,
    });
    for (const f of pyramid.files) zip.file(`app-files/tiles/${id}/${f.path}`, f.buffer);
    const targets = links.flatMap(([a, b]) => (a === i ? [b] : b === i ? [a] : []));
    scenes.push({
      id,
      name: node.name,
      levels: pyramid.levels,
      faceSize: group.faceSize,
      initialViewParameters: { yaw: 0, pitch: 0, fov: Math.PI / 2 },
      linkHotspots: targets.map((t) => ({
        yaw: yawTowards(node, group.nodes[t]),
        pitch: 0.25,
        rotation: 0,
        target: sceneId(t, group.nodes[t].name),
      })),
      infoHotspots: node.info.map((h) => ({
        yaw: (h.yawDeg * Math.PI) / 180,
        pitch: (h.pitchDeg * Math.PI) / 180,
        title: h.title,
        text: h.html,
      })),
    });
  }
  const data = {
    scenes,
    name: group.surveyName,
    settings: { mouseViewMode: 'drag', autorotateEnabled: false, fullscreenButton: false, viewControlButtons: false },
  };
  zip.file('app-files/data.js', `var APP_DATA = ${JSON.stringify(data, null, 2)};\n`);
  const [y, m, d] = group.date.split('-');
  const csv = [
    'title,fileName,x,y,date,floor,survey_name',
    ...group.nodes.map((n) =>
      [n.label, n.name, n.x.toFixed(0), n.y.toFixed(0), `${d}/${m}/${y}`, group.floor, group.surveyName].join(','),
    ),
  ].join('\n');
  // Tiles are JPEGs already: storing them uncompressed is what the Tool's own zips effectively do.
  return { zip: await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' }), csv };
}
