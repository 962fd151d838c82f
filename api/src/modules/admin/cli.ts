import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.js';
import { openDatabase } from '../../db/client.js';
import { UsersRepository } from '../users/users.repository.js';

// `npm run admin -- grant|revoke <email>` and `npm run admin -- list`: the operator flag behind the
// admin API (the same environment as `npm start`). The account must exist (signed up once). With the
// embedded database, stop the server first: only one process can open its data directory.

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, email] = positionals;
  if (command !== 'list' && (!email || (command !== 'grant' && command !== 'revoke'))) {
    throw new ConfigError(USAGE);
  }
  const database = await openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const users = new UsersRepository(database.db);
    if (command === 'list') {
      const admins = await users.listAdmins();
      console.log(admins.length > 0 ? admins.join('\n') : 'No administrators');
      return;
    }
    if (!(await users.setAdmin(email!, command === 'grant'))) {
      throw new ConfigError(`No account for ${email}: sign up first`);
    }
    console.log(
      command === 'grant' ? `${email} is an administrator` : `${email} is no longer an administrator`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
