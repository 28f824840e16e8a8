// npm run user:create -- --username X --email Y --password Z [--admin|--moderator]
// Creates a confirmed account (the first administrator of a new site, a moderator, a member).
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Role } from '../contract/accounts.ts';
import { migrate } from '../server/db/migrate.ts';
import { DomainError } from '../server/errors.ts';
import type { AccountsService } from '../server/modules/accounts/accounts.service.ts';
import { createAccounts } from '../server/modules/accounts/accounts.wiring.ts';
import { openForCommand } from './startup.ts';

export const USAGE =
  'Usage: npm run user:create -- --username NAME --email ADDRESS --password SECRET [--admin | --moderator]';

export interface CreateUserArgs {
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** Throws an Error whose message is meant for the terminal. */
export function parseCreateUserArgs(argv: string[]): CreateUserArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      moderator: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.username || !values.email || !values.password) throw new Error(USAGE);
  if (values.admin && values.moderator) throw new Error('Choose one of --admin and --moderator.');
  const role: Role = values.admin ? 'administrator' : values.moderator ? 'moderator' : 'member';
  return { username: values.username, email: values.email, password: values.password, role };
}

export async function createUserCommand(args: CreateUserArgs, accounts: AccountsService): Promise<string> {
  try {
    const user = await accounts.createUser(args);
    return `Created ${user.role} "${user.username}" (id ${user.user_id}), email confirmed.`;
  } catch (error) {
    if (error instanceof DomainError && error.codes.length > 0) {
      throw new Error(error.codes.map((c) => `${c.field}: ${c.code}`).join(', '));
    }
    throw error;
  }
}

if (import.meta.main) {
  let args: CreateUserArgs;
  try {
    args = parseCreateUserArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const { config, handle } = await openForCommand();
  const logger = pino({ level: config.logLevel });
  const accounts = createAccounts(config, handle.db, { redis: null, logger });
  try {
    await migrate(handle);
    console.log(await createUserCommand(args, accounts));
  } catch (error) {
    console.error(`Not created: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await accounts.close();
    await handle.close();
  }
}
