// Links into what a deletion removes: found only among the scenes that stay, one per link hotspot.
import { expect, it } from 'vitest';
import { linksInto } from '../../../server/services/editing/sceneLinks.ts';

const scene = (id: string, tiles_id: string, targets: string[]) => ({
  id,
  tiles_id,
  title: `Scene ${id}`,
  link_hotspots: JSON.stringify(targets.map((target) => ({ yaw: 0, pitch: 0, rotation: 0, target }))),
  survey_name: 'Main',
  date: '2024-03-01',
  floor: 0,
});

it('lists each link of a staying scene to a removed one, and none of the removed scenes themselves', () => {
  const gone = new Map([
    ['t-a', 'A'],
    ['t-b', 'B'],
  ]);
  const links = linksInto(
    [scene('a', 't-a', ['t-b']), scene('b', 't-b', ['t-a']), scene('c', 't-c', ['t-a', 't-d', 't-b'])],
    gone,
  );
  expect(links.map((l) => `${l.title} → ${l.to}`)).toEqual(['Scene c → A', 'Scene c → B']);
  expect(links[0]).toMatchObject({ scene: 'c', survey_name: 'Main', date: '2024-03-01', floor: 0 });
});
