// npm run user:add -- <username> <password> [superAdmin|projectAdmin|guest] [site...]
// Creates (or resets: password, roles, sites, sessions ended) an account; sign-in then works with POST /api/login.
import { runUserCommand } from './userCli.ts';
import { addUser } from '../services/users.ts';
import { checkUsername } from '../services/userAdmin.ts';
import { roles } from '../../contract/api.ts';

const [username, password, role = 'superAdmin', ...sites] = process.argv.slice(2);
await runUserCommand(
  `npm run user:add -- <username> <password> [${roles.join('|')}] [site...]`,
  !!username && !!password && (roles as readonly string[]).includes(role),
  async (db) => {
    await addUser(db, checkUsername(username), password, [role], sites);
    return `User ${username} (${role}${sites.length ? ` of ${sites.join(', ')}` : ''}) saved.`;
  },
);
