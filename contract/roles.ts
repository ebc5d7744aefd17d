// The roles of an account, as plain values: the client imports them without the zod schemas (which probe for
// `new Function` when built, a violation the page's CSP reports).
export const roles = ['superAdmin', 'projectAdmin', 'guest'] as const;
export type Role = (typeof roles)[number];
