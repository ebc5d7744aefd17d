import { describe, expect, it } from 'vitest';
import { namedInfoHotspots } from '../../../server/services/infoHotspotNames.ts';

const h = (title: string) => ({ info_id: title, title, yaw: 0, pitch: 0 });

describe('namedInfoHotspots', () => {
  it('keeps titles and names the untitled, numbered when there are several', () => {
    expect(namedInfoHotspots([h('Gate')]).map((x) => x.title)).toEqual(['Gate']);
    expect(namedInfoHotspots([h('Gate'), h(' ')]).map((x) => x.title)).toEqual(['Gate', 'Information']);
    expect(namedInfoHotspots([h(''), h('Gate'), h('')]).map((x) => x.title)).toEqual([
      'Information 1',
      'Gate',
      'Information 2',
    ]);
  });
});
