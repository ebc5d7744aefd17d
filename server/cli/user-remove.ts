// npm run user:remove -- <name>: removes an account and ends its sessions (never the last superAdmin).
import { runUserCommand } from './userCli.ts';
import { removeUser } from '../services/userAdmin.ts';

const [name] = process.argv.slice(2);
await runUserCommand('npm run user:remove -- <name>', !!name, async (db) => {
  await removeUser(db, { username: name });
  return `User ${name} removed.`;
});
