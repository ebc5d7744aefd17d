// The server's own schemas of the settings writes, for the settings page to check a change before it is sent.
// The only client module that takes zod schemas (the lazy administrators' chunk): zod runs jitless here.
import './zodJitless';

export { appConfigPatch, siteSettingsPatch } from '../../../contract/api';
