import { describe, expect, it } from 'vitest';
import { AppDataSyntaxError, readAppDataLiteral } from '../../../server/services/ingest/appDataLiteral.ts';
import { parseDataJs } from '../../../server/services/ingest/dataJs.ts';

// A Marzipano Tool data.js as people leave it after editing it by hand: comments, unquoted keys, single quotes,
// trailing commas, a scene name holding ';' and a comment after the final ';'.
const handEdited = `/* Lotes - edited by hand after the export */
var APP_DATA = {
  scenes: [
    {
      id: '0-entrada',
      name: 'Entrada; lado norte', // renamed on site
      levels: [
        { tileSize: 256, size: 256, fallbackOnly: true },
        { tileSize: 512, size: 512, },
      ],
      faceSize: 512,
      initialViewParameters: { yaw: -0.5, pitch: .1, fov: 1.5707963267948966 },
      linkHotspots: [{ yaw: 1, pitch: 0, rotation: 0, target: '1-patio' }],
      infoHotspots: [{ yaw: 0.2, pitch: -0.1, title: 'Lote 12', text: "It's <b>sold</b>" }],
    },
    {
      "id": "1-patio",
      "name": "Patio",
      "levels": [{ "tileSize": 256, "size": 256, "fallbackOnly": true }, { "tileSize": 512, "size": 512 }],
      "faceSize": 512,
      "initialViewParameters": { "yaw": 0, "pitch": 0, "fov": 1.2 },
    },
  ],
  name: 'Lotización Norte',
  settings: { mouseViewMode: 'drag', autorotateEnabled: false, },
};
// end of data
`;

describe('readAppDataLiteral', () => {
  it('reads JSON as the Tool writes it', () => {
    expect(readAppDataLiteral('var APP_DATA = {"scenes": [], "name": "a;b"};\n')).toEqual({ scenes: [], name: 'a;b' });
  });

  it.each([
    ['var and a semicolon', "var APP_DATA = {a: 'x',};"],
    ['no var', "APP_DATA = {a: 'x'}"],
    ['window. and no semicolon', "window.APP_DATA = {a: 'x'}\n"],
    ['const, several semicolons and a block comment', "const APP_DATA = {a: 'x'};; /* done; */\n"],
    ['let and a line comment after', "let APP_DATA = {\n  a: 'x', // note\n}; // trailing; comment"],
  ])('reads %s', (_name, text) => {
    expect(readAppDataLiteral(text)).toEqual({ a: 'x' });
  });

  it('answers null without an APP_DATA assignment', () => {
    expect(readAppDataLiteral('window.tour = {};')).toBeNull();
  });

  it('never evaluates code, and locates what it could not read', () => {
    const err = (() => {
      try {
        readAppDataLiteral('var APP_DATA = (function(){ while(true){} })();');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppDataSyntaxError);
    expect(err).toMatchObject({ line: 1, column: 16, reason: "invalid character '('" });
  });

  it('gives the line and column within data.js, not within the object', () => {
    const text = "// header\nvar APP_DATA = {\n  scenes: [\n    { id: 'a' name: 'b' },\n  ],\n};\n";
    expect(() => readAppDataLiteral(text)).toThrow(
      expect.objectContaining({ line: 4, column: 15, reason: "invalid character 'n'" }),
    );
  });

  it('reports a fault inside the object where it is, even when a ";" follows', () => {
    expect(() => readAppDataLiteral('var APP_DATA = {\n  a: [1, 2;\n};')).toThrow(
      expect.objectContaining({ line: 2, column: 11 }),
    );
  });
});

describe('parseDataJs of a hand-edited data.js', () => {
  it('reads every field of it', () => {
    const data = parseDataJs(handEdited);
    expect(data.name).toBe('Lotización Norte');
    expect(data.scenes.map((s) => s.name)).toEqual(['Entrada; lado norte', 'Patio']);
    expect(data.scenes[0].initialViewParameters.pitch).toBe(0.1);
    expect(data.scenes[0].infoHotspots[0]).toMatchObject({ title: 'Lote 12', text: "It's <b>sold</b>" });
    expect(data.scenes[0].linkHotspots[0].target).toBe('1-patio');
  });

  it('says where a broken one could not be read', () => {
    // A quote left inside a single-quoted name, on line 18, column 20.
    const broken = handEdited.replace('"name": "Patio"', "'name': 'Pat'io'");
    expect(() => parseDataJs(broken)).toThrow(
      "app-files/data.js could not be read at line 18, column 20: invalid character 'i'. Fix it there, or export the tour again with the Marzipano Tool.",
    );
  });
});
