import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorScreen } from '../../../src/routes/ErrorScreen';

describe('router fallback screen', () => {
  it("reads 'Unexpected Application Error!' with the error's message", () => {
    const html = renderToStaticMarkup(<ErrorScreen error={new Error('boom')} />);
    expect(html).toContain('<h1>Unexpected Application Error!</h1>');
    expect(html).toContain('boom');
    expect(html).toContain('role="alert"');
  });
});
