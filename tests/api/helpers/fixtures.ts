// The shared fixtures and their rule (tests/fixtures.ts), for the API tests.
export { equirectPhoto, marzipanoExport, missingFixtures, repoRoot } from '../../fixtures.ts';
