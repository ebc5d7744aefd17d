// A hostile data.js is refused before a parser spends seconds of the event loop on it: JSON5 read 8 MB of "[" in 16 s.
import { expect, it } from 'vitest';
import { readAppDataLiteral } from '../../../server/services/ingest/appDataLiteral.ts';

const timed = (text: string) => {
  const start = performance.now();
  let message = '';
  try {
    readAppDataLiteral(text);
  } catch (e) {
    message = (e as Error).message;
  }
  return { message, ms: performance.now() - start };
};

it('refuses 8 MB of nesting at once, where it passes the bound', () => {
  const { message, ms } = timed(`var APP_DATA = ${'['.repeat(8_000_000)}`);
  expect(message).toBe('it nests [ and { more than 200 deep at line 1, column 216');
  expect(ms).toBeLessThan(200);
});

it('reads a big data.js only as plain JSON, saying where JSON stops', () => {
  const scenes = Array.from({ length: 60_000 }, (_, i) => `{"id":"s${i}"}`).join(',');
  const plain = `var APP_DATA = {"scenes":[${scenes}]};`;
  expect(timed(plain).message).toBe('');
  const edited = plain.replace('"scenes"', 'scenes');
  const { message, ms } = timed(edited);
  expect(message).toBe(
    'it is not plain JSON, and a data.js over 512 KB is only read as the Marzipano Tool writes it at line 1, column 17',
  );
  expect(ms).toBeLessThan(200);
});
