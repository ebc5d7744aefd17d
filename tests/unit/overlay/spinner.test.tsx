import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Spinner } from '../../../src/ui/Spinner';

describe('Spinner', () => {
  it('is announced at once, its ring held back (nothing turns during a short wait)', () => {
    const html = renderToStaticMarkup(<Spinner label="Loading the panorama" />);
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Loading the panorama"');
    expect(html).toContain('class="spinner waiting"');
  });
  it('shows the ring at once without a delay', () => {
    expect(renderToStaticMarkup(<Spinner delayMs={0} />)).toContain('class="spinner"');
  });
});
