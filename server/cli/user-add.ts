// npm run user:add -- <username> <password> [superAdmin|projectAdmin|guest]
// Creates (or resets) an account; sign-in then works with POST /api/login.
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { addUser } from '../services/users.ts';
import { roles } from '../../src/api/contract.ts';

const [username, password, role = 'superAdmin'] = process.argv.slice(2);
if (!username || !password || !(roles as readonly string[]).includes(role)) {
  console.error(`Usage: npm run user:add -- <username> <password> [${roles.join('|')}]`);
  process.exit(2);
}
const config = readConfig();
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await addUser(db, username, password, [role]);
  console.log(`User ${username} (${role}) saved.`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
