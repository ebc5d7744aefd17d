// The demo site, made entirely by our own code: generated panoramas on two floors surveyed on two dates, pushed
// through the real ingest as Marzipano exports, then floor plans, hotspot texts, a site map with pins,
// a documentation tree and an about text through the same services the API uses.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import type { AppContext } from '../context.ts';
import { ingestExport } from '../services/ingest/ingestExport.ts';
import { uploadMinimapImage } from '../services/minimaps.ts';
import { saveFloorDetails } from '../services/floors.ts';
import { createSitemap } from '../services/sitemaps.ts';
import { createPin } from '../services/pins.ts';
import { uploadDocumentation } from '../services/documents.ts';
import { saveAbout } from '../services/about.ts';
import { patchAppConfig, patchSiteSettings } from '../services/settings.ts';
import { seedDemoTour } from './demoTour.ts';
import { renderFloorPlan, planRooms, renderSiteMap, renderPinCover, renderInfoImage } from './floorPlan.ts';
import { buildDemoExport, type DemoGroup, type DemoNode } from './demoExport.ts';

export const DEMO_SITE = 'demo-farm';
const PLAN = { width: 1600, height: 1200 };
const FLOORS = [
  { floor: 0, name: 'Ground Floor', tag: 'G', nodes: ['A', 'B', 'C', 'D'] },
  { floor: 1, name: 'Upper Floor', tag: '1', nodes: ['E', 'F', 'G'] },
];
const SURVEYS = [
  { date: '2025-03-14', surveyName: 'Spring survey', faceSize: 1024 },
  { date: '2026-06-02', surveyName: 'Summer survey', faceSize: 1024 },
];

function nodesOf(floor: (typeof FLOORS)[number], year: string): DemoNode[] {
  const rooms = planRooms(floor.name, PLAN.width / PLAN.height, 7);
  return floor.nodes.map((letter, i) => {
    const room = rooms[i];
    return {
      name: `node_${letter.toLowerCase()}_${year}`,
      label: `NODE ${letter} ${year}`,
      x: (room.x + room.w / 2) * PLAN.width,
      // Below the room label so the node dot does not hide it.
      y: (room.y + room.h * 0.7) * PLAN.height,
      info: [
        {
          title: `${room.label ?? 'Room'} ${letter}`,
          html: `<p>${room.label ?? 'Room'} on the ${floor.name.toLowerCase()}, surveyed ${year}.</p>`,
          yawDeg: 35 + i * 20,
          pitchDeg: 5,
        },
      ],
    };
  });
}

export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const any = await ctx.db.selectFrom('sites').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const started = Date.now();
  await seedDemo(ctx);
  console.log(`Demo site "${DEMO_SITE}" generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

async function ingestGroup(ctx: AppContext, group: DemoGroup, first: boolean) {
  const { zip, csv } = await buildDemoExport(group);
  const stage = await ctx.blobs.stage();
  try {
    const zipPath = stage.pathFor('demo.zip');
    await fsp.mkdir(path.dirname(zipPath), { recursive: true });
    await fsp.writeFile(zipPath, zip);
    await ingestExport(ctx, {
      zipPath,
      csvText: csv,
      site: DEMO_SITE,
      floor: group.floor,
      mode: first ? 'addNewSite' : 'addScene',
      siteName: 'Demo Farm',
    });
  } finally {
    await stage.discard();
  }
}

async function seedDemo(ctx: AppContext) {
  const { db, blobs } = ctx;
  let first = true;
  for (const survey of SURVEYS) {
    for (const floor of FLOORS) {
      const year = survey.date.slice(0, 4);
      await ingestGroup(
        ctx,
        {
          title: survey.surveyName,
          surveyName: survey.surveyName,
          date: survey.date,
          floor: floor.floor,
          nodes: nodesOf(floor, year),
          faceSize: survey.faceSize,
        },
        first,
      );
      first = false;
    }
  }
  for (const floor of FLOORS) {
    const rooms = planRooms(floor.name, PLAN.width / PLAN.height, 7);
    await uploadMinimapImage(
      db,
      blobs,
      DEMO_SITE,
      floor.floor,
      await renderFloorPlan({ ...PLAN, floorLabel: floor.name.toUpperCase(), rooms }),
    );
    await saveFloorDetails(db, DEMO_SITE, { floor: floor.floor, floor_name: floor.name, floor_tag: floor.tag });
  }
  await enrichHotspots(ctx);

  const mapUrl = await blobs.put(
    'sitemaps/demo-default.jpg',
    await renderSiteMap({ width: 1600, height: 1000, seed: 'demo' }),
  );
  await createSitemap(db, { name: 'default', image_url: mapUrl });
  const cover = await blobs.put('pins/demo-farm-cover.jpg', await renderPinCover('DEMO FARM'));
  await createPin(db, blobs, {
    enabled: true,
    x: 42,
    y: 48,
    cover_image: cover,
    icon: 'farm',
    name: 'Demo Farm',
    site_name: 'Demo Farm',
    sitemap: 'default',
    site: DEMO_SITE,
  });
  await createPin(db, blobs, {
    enabled: true,
    x: 70,
    y: 30,
    cover_image: '',
    icon: 'learn',
    name: 'Visitor Centre',
    site_name: 'Visitor Centre',
    sitemap: 'default',
    external_url: 'https://example.org/visitor-centre',
  });
  await createPin(db, blobs, {
    enabled: false,
    x: 25,
    y: 72,
    cover_image: '',
    icon: 'truck',
    name: 'North Depot',
    site_name: 'North Depot',
    sitemap: 'default',
  });

  await uploadDocumentation(db, blobs, ctx.config, DEMO_SITE, {
    filename: 'docs.zip',
    mimetype: 'application/zip',
    stream: Readable.from(await documentationZip()),
    truncated: () => false,
  });
  await saveAbout(
    db,
    DEMO_SITE,
    '<h2>About the Demo Farm</h2><p>This demo site is generated by the viewer itself: every panorama is a labelled cube (front, right, back, left, up and down) so that orientation is easy to check.</p><p>Walk between the nodes with the arrows, open the <strong>i</strong> hotspots, and use the timeline to compare the spring and summer surveys.</p>',
    ctx.config,
  );
  const latest = SURVEYS[SURVEYS.length - 1];
  const firstNode = await db
    .selectFrom('survey_nodes')
    .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
    .innerJoin('minimap_nodes', 'minimap_nodes.survey_node_id', 'survey_nodes.id')
    .select('survey_nodes.tiles_id')
    .where('surveys.site', '=', DEMO_SITE)
    .where('surveys.date', '=', latest.date)
    .where('surveys.floor', '=', 0)
    .orderBy('minimap_nodes.node_number')
    .executeTakeFirstOrThrow();
  await patchSiteSettings(db, DEMO_SITE, {
    initial_settings: { date: latest.date, floor: 0, pano_id: firstNode.tiles_id, yaw: 0, pitch: 0, fov: Math.PI / 2 },
  });
  await seedDemoTour(db, DEMO_SITE, latest.date);
  await patchAppConfig(db, {
    defaultSite: DEMO_SITE,
    singleSiteSettings: { siteTitle: 'Demo Farm', backgroundImage: mapUrl },
  });
}

/** Richer info hotspots than the Tool writes: a main image and several HTML sections with an image. */
async function enrichHotspots(ctx: AppContext) {
  const rows = await ctx.db.selectFrom('hotspot_descriptions').selectAll().where('site', '=', DEMO_SITE).execute();
  for (const [i, row] of rows.entries()) {
    const header = JSON.parse(row.header) as { label_title: string };
    const img = await ctx.blobs.put(`hotspots/demo-${i}.jpg`, await renderInfoImage(header.label_title.toUpperCase()));
    const contents = [
      ...(JSON.parse(row.contents) as { title: string; content: string }[]),
      { title: 'Equipment', content: '<ul><li>Water meter, checked monthly</li><li>Ventilation fan, 2.2 kW</li></ul>' },
      {
        title: 'Photo',
        content: `<p>Last inspection photo:</p><img src="${img}" alt="${header.label_title}" width="320">`,
      },
    ];
    await ctx.db
      .updateTable('hotspot_descriptions')
      .set({ header: JSON.stringify({ ...header, main_img_url: img }), contents: JSON.stringify(contents) })
      .where('id', '=', row.id)
      .execute();
  }
}

async function documentationZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('Site overview.txt', 'Demo Farm: two floors, surveyed in spring 2025 and summer 2026.\n');
  zip.file('Manuals/Pump maintenance.txt', 'Check the seals every month. Replace the filter every six months.\n');
  zip.file(
    'Manuals/Safety/Evacuation plan.png',
    await renderFloorPlan({ width: 800, height: 600, floorLabel: 'EVACUATION' }),
  );
  zip.file('Reports/2025/Spring survey notes.txt', 'All nodes captured. Upper floor lights replaced.\n');
  zip.file('Reports/2026/Summer survey notes.txt', 'All nodes captured. New fan installed in the ground floor hall.\n');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
