// The title of the multi-site map home: the install's own (PROJECT_TITLE), else a neutral name that reads as a
// title, never a placeholder. Server and client apply the same rule, so the page and the API agree.
export const NEUTRAL_PROJECT_TITLE = 'Site surveys';

export function projectTitleOf(configured: string | undefined): string {
  return configured?.trim() || NEUTRAL_PROJECT_TITLE;
}
