import { describe, expect, it } from 'vitest';
import { parseTourLink, withTourLink } from '../../src/tours/tourLink';

describe('tour deep link', () => {
  it('reads the tour and its stop, counting stops from 1', () => {
    expect(parseTourLink('?site=farm&tour=abc&stop=3')).toEqual({ tour: 'abc', stop: 2 });
    expect(parseTourLink('?tour=abc')).toEqual({ tour: 'abc', stop: 0 });
    expect(parseTourLink('?tour=abc&stop=0')).toEqual({ tour: 'abc', stop: 0 });
    expect(parseTourLink('?tour=abc&stop=x')).toEqual({ tour: 'abc', stop: 0 });
    expect(parseTourLink('?node=n1')).toBeNull();
  });

  it('sets and removes the tour parameters, keeping the others', () => {
    expect(withTourLink('node=n1&kiosk=1', { tour: 't', stop: 1 })).toBe('node=n1&kiosk=1&tour=t&stop=2');
    expect(withTourLink('node=n1&tour=t&stop=2', null)).toBe('node=n1');
    expect(parseTourLink(`?${withTourLink('', { tour: 'a b', stop: 4 })}`)).toEqual({ tour: 'a b', stop: 4 });
  });
});
