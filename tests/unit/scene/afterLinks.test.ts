// afterLinks: the first script's wait for the page's <link>s (a preload, the stylesheets), on plain event targets.
import { describe, expect, it } from 'vitest';
import { afterBody, afterLinks } from '../../../src/scene/afterLinks';

const link = () => new EventTarget() as unknown as HTMLLinkElement;
const fire = (l: HTMLLinkElement, type: 'load' | 'error') =>
  (l as unknown as EventTarget).dispatchEvent(new Event(type));

describe('afterLinks', () => {
  it('runs at once when there is nothing to wait for', () => {
    let runs = 0;
    afterLinks([], () => runs++);
    expect(runs).toBe(1);
  });

  it('runs once every link has loaded or failed, and only once', () => {
    const [a, b] = [link(), link()];
    let runs = 0;
    afterLinks([a, b], () => runs++);
    fire(a, 'load');
    // A second event of the same link does not stand in for the other one.
    fire(a, 'error');
    fire(a, 'load');
    expect(runs).toBe(0);
    fire(b, 'error');
    expect(runs).toBe(1);
    fire(b, 'load');
    expect(runs).toBe(1);
  });
});

describe('afterBody', () => {
  it('runs at once with a body, else once the document is parsed', () => {
    let runs = 0;
    afterBody({ body: {} } as Document, () => runs++);
    expect(runs).toBe(1);
    const doc = Object.assign(new EventTarget(), { body: null }) as unknown as Document;
    afterBody(doc, () => runs++);
    expect(runs).toBe(1);
    doc.dispatchEvent(new Event('DOMContentLoaded'));
    doc.dispatchEvent(new Event('DOMContentLoaded'));
    expect(runs).toBe(2);
  });
});
