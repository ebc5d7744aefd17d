import { describe, expect, it } from 'vitest';
import { parseDataJs } from '../../../server/services/ingest/dataJs.ts';
import { storedInfoFields } from '../../../server/services/infoFieldsStored.ts';

const tour = (infoHotspots: unknown[]) =>
  `var APP_DATA = ${JSON.stringify({
    scenes: [
      {
        id: '0-lote',
        name: 'lote',
        levels: [
          { tileSize: 256, size: 256, fallbackOnly: true },
          { tileSize: 512, size: 512 },
        ],
        faceSize: 512,
        initialViewParameters: { yaw: 0, pitch: 0, fov: 1.2 },
        infoHotspots,
      },
    ],
  })};`;
const hotspots = (infoHotspots: unknown[]) => parseDataJs(tour(infoHotspots)).scenes[0].infoHotspots;

describe('info hotspots with fields of their own', () => {
  it('keeps the fields as text in data.js order and names the hotspot by the first', () => {
    const [h] = hotspots([
      { yaw: 1, pitch: 0, manzana: 'A', lote: 12, estado: 'Vendido', area: '250 m2', esquina: false },
    ]);
    expect(h).toEqual({
      yaw: 1,
      pitch: 0,
      title: 'manzana: A',
      text: '',
      fields: [
        { label: 'manzana', value: 'A' },
        { label: 'lote', value: '12' },
        { label: 'estado', value: 'Vendido' },
        { label: 'area', value: '250 m2' },
        { label: 'esquina', value: 'false' },
      ],
    });
  });

  it('keeps title and text as they were, with no fields', () => {
    expect(hotspots([{ yaw: 1, pitch: 0, title: 'Gate', text: '<p>x</p>' }])[0]).toEqual({
      yaw: 1,
      pitch: 0,
      title: 'Gate',
      text: '<p>x</p>',
      fields: [],
    });
  });

  it('refuses fields beyond their bounds, naming where', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i]));
    expect(() => hotspots([{ yaw: 0, pitch: 0, ...many }])).toThrow(/infoHotspots\[0\]: has 51 fields of its own/);
    expect(() => hotspots([{ yaw: 0, pitch: 0, ['k'.repeat(101)]: 1 }])).toThrow(/field name of more than 100/);
    expect(() => hotspots([{ yaw: 0, pitch: 0, nota: 'x'.repeat(1001) }])).toThrow(
      /infoHotspots\[0\]\.nota: may have at most 1000 characters/,
    );
    expect(() => hotspots([{ yaw: 0, pitch: 0, plano: { a: 1 } }])).toThrow(
      /infoHotspots\[0\]\.plano: expected text, a number or true\/false/,
    );
  });

  it('reads stored fields defensively', () => {
    expect(storedInfoFields({})).toEqual([]);
    expect(storedInfoFields({ fields: 'x' })).toEqual([]);
    expect(storedInfoFields({ fields: [{ label: 'a', value: 'b' }, { label: 1 }, null] })).toEqual([
      { label: 'a', value: 'b' },
    ]);
  });
});
