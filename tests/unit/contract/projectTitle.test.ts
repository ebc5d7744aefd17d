import { describe, expect, it } from 'vitest';
import { NEUTRAL_PROJECT_TITLE, projectTitleOf } from '../../../contract/projectTitle';
import { readConfig } from '../../../server/config';

describe('the map home title', () => {
  it("is the install's own when set", () => {
    expect(projectTitleOf(' North Fields ')).toBe('North Fields');
  });

  it('is a neutral name, not a placeholder, when PROJECT_TITLE is unset or blank', () => {
    for (const env of [{}, { PROJECT_TITLE: '' }, { PROJECT_TITLE: '   ' }]) {
      const title = projectTitleOf(readConfig(env).projectTitle);
      expect(title).toBe(NEUTRAL_PROJECT_TITLE);
      expect(title).not.toMatch(/PROJECT|TITLE|TODO|Lorem/);
    }
  });
});
