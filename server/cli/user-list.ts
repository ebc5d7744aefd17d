// npm run user:list: every account with its roles and sites.
import { runUserCommand } from './userCli.ts';
import { listUsers } from '../services/userAdmin.ts';

await runUserCommand('npm run user:list', true, async (db) => {
  const users = await listUsers(db);
  if (!users.length) return 'No users yet. Create one with: npm run user:add -- <name> <password> [role]';
  const rows = users.map((u) => [
    u.username,
    u.roles.join(','),
    u.roles.includes('superAdmin') ? '(all)' : u.sites.join(',') || '-',
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...[['user', 'roles', 'sites'], ...rows].map((r) => r[i].length)));
  return [['user', 'roles', 'sites'], ...rows]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
});
