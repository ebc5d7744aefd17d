// DB_POOL_SIZE: the PostgreSQL connections of one server process, a whole number of at least 1.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';

describe('DB_POOL_SIZE', () => {
  it('defaults to 10 and takes a whole number', () => {
    expect(readConfig({}).dbPoolSize).toBe(10);
    expect(readConfig({ DB_POOL_SIZE: '' }).dbPoolSize).toBe(10);
    expect(readConfig({ DB_POOL_SIZE: '25' }).dbPoolSize).toBe(25);
  });

  it('stops the start with a sentence for anything else', () => {
    for (const bad of ['0', '-3', '2.5', 'ten']) {
      expect(() => readConfig({ DB_POOL_SIZE: bad })).toThrow(
        `DB_POOL_SIZE must be a whole number of at least 1, not "${bad}".`,
      );
    }
  });
});
