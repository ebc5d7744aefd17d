// npm run user:sites -- <name> [--add|--remove] <site>...: sets (or adds to, or takes from) the sites an account
// administers as projectAdmin; its sessions end so the change holds at once.
import { runUserCommand } from './userCli.ts';
import { changeUser, listUsers } from '../services/userAdmin.ts';

const args = process.argv.slice(2);
const name = args[0];
const mode = args[1] === '--add' || args[1] === '--remove' ? args[1] : '--set';
const sites = args.slice(mode === '--set' ? 1 : 2);
await runUserCommand(
  'npm run user:sites -- <name> [--add|--remove] <site> [site...]   (no site with --set: clears the list)',
  !!name,
  async (db) => {
    const current = (await listUsers(db)).find((u) => u.username === name)?.sites ?? [];
    const next =
      mode === '--add'
        ? [...current, ...sites]
        : mode === '--remove'
          ? current.filter((s) => !sites.includes(s))
          : sites;
    const u = await changeUser(db, { username: name }, { sites: next });
    return `User ${u.username} administers: ${u.sites.join(', ') || 'no site'}${u.roles.includes('projectAdmin') ? '' : ` (note: its roles are ${u.roles.join(', ')}; sites count for projectAdmin)`}.`;
  },
);
