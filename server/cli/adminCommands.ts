import { parseArgs } from 'node:util';
import type { Db } from '../db/connect.ts';
import { AdminsRepository } from '../repositories/admins.ts';

export const MIN_ADMIN_PASSWORD = 10;

export const ADMIN_CLI_USAGE = `Usage:
  npm run admin -- create <username> --email <email> --password <password> [--totp]
  npm run admin -- reset-password <username|email> --password <password>
  npm run admin -- enable-totp <username|email>

The password may also come from the ADMIN_PASSWORD environment variable.
--totp / enable-totp print an otpauth:// URI: add it to an authenticator app.`;

export class CliError extends Error {}

/** The admin command line's work, apart from process handling (tested through this). */
export async function runAdminCommand(
  argv: string[],
  database: Db,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      totp: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, login] = positionals;
  if (values.help || !command) return ADMIN_CLI_USAGE;
  const admins = new AdminsRepository(database);
  const password = values.password ?? env.ADMIN_PASSWORD;
  const checkPassword = () => {
    if (!password) throw new CliError('A password is required: --password <password> (or ADMIN_PASSWORD)');
    if (password.length < MIN_ADMIN_PASSWORD)
      throw new CliError(`The password must be at least ${MIN_ADMIN_PASSWORD} characters`);
    return password;
  };
  if (!login) throw new CliError(`Missing <username>\n\n${ADMIN_CLI_USAGE}`);

  if (command === 'create') {
    if (!/^[A-Za-z0-9_.-]{2,64}$/.test(login))
      throw new CliError('The username must be 2–64 letters, digits, dots, dashes or underscores');
    const email = values.email?.trim() || null;
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError(`Not an email address: ${email}`);
    if (await admins.byLogin(login)) throw new CliError(`An admin account "${login}" already exists`);
    if (email && (await admins.byLogin(email)))
      throw new CliError(`An admin account with email ${email} already exists`);
    const account = await admins.create({ username: login, email, password: checkPassword() });
    let out = `Created admin account "${account.username}"${email ? ` <${email}>` : ''}.`;
    if (values.totp) out += `\n${totpMessage(await admins.enableTotp(account.id))}`;
    return out;
  }
  const account = await admins.byLogin(login);
  if (!account) throw new CliError(`No admin account "${login}"`);
  if (command === 'reset-password') {
    await admins.setPassword(account.id, checkPassword());
    return `Password changed for "${account.username}".`;
  }
  if (command === 'enable-totp') {
    return totpMessage(await admins.enableTotp(account.id));
  }
  throw new CliError(`Unknown command "${command}"\n\n${ADMIN_CLI_USAGE}`);
}

function totpMessage(uri: string): string {
  return `Two-factor sign-in enabled. Add this to your authenticator app (it is shown once):\n\n  ${uri}\n`;
}
