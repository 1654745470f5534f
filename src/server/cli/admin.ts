import { parseArgs } from 'node:util';
import { isStaffRole, staffRoleLabels, staffRoles } from '../../shared/staff-roles';
import { readConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/database';
import { createAdmin, resetAdminPassword, unlockSignIn } from '../modules/auth/auth-service';
import { resetSecondFactor } from '../modules/auth/second-factor-service';
import { cleanStoredHtml } from '../modules/blog/stored-html';

const usage = `Manage back-office admins.

  npm run admin -- create --email EMAIL [--name NAME] [--role ROLE]
                                                               (password from ADMIN_NEW_PASSWORD or asked;
                                                                ROLE: ${staffRoles.join(', ')};
                                                                administrator when left out)
  npm run admin -- reset-password --email EMAIL                (password from ADMIN_NEW_PASSWORD or asked)
  npm run admin -- unlock --email EMAIL                        (clears that e-mail's failed sign-ins)
  npm run admin -- reset-second-factor --email EMAIL           (removes that admin's authenticator app,
                                                                recovery codes and passkeys: for one locked out)
  npm run admin -- clean-html                                  (cleans stored HTML an older sanitiser cleaned and
                                                                makes missing or outdated article card excerpts;
                                                                the server also does this when it starts)

Uses the same database settings as the server (DATABASE_URL, DATA_DIR).
Passwords have 8 to 64 characters, are not one character repeated and are not among the most commonly
used passwords.`;

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_NEW_PASSWORD) return process.env.ADMIN_NEW_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set ADMIN_NEW_PASSWORD, or run in a terminal to be asked.');
  const { createInterface } = await import('node:readline/promises');
  const readline = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = process.stdout as NodeJS.WriteStream & { muted?: boolean };
  process.stdout.write('Password: ');
  const originalWrite = output.write.bind(output);
  output.write = ((chunk: string) =>
    chunk.includes('Password') ? originalWrite(chunk) : true) as typeof output.write;
  try {
    return await readline.question('');
  } finally {
    output.write = originalWrite;
    readline.close();
    process.stdout.write('\n');
  }
}

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  const needsEmail = command !== 'clean-html';
  if (
    values.help ||
    !command ||
    (needsEmail && !values.email) ||
    !['create', 'reset-password', 'unlock', 'reset-second-factor', 'clean-html'].includes(command)
  ) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const role = values.role ?? 'administrator';
  if (!isStaffRole(role) || (values.role !== undefined && command !== 'create')) {
    console.error(`--role is one of ${staffRoles.join(', ')}, and only for create.`);
    process.exit(2);
  }
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    if (command === 'clean-html') {
      const { articles, excerpts, faqs } = await cleanStoredHtml(database.db);
      console.log(
        `Stored HTML cleaned again: ${articles} article(s), ${faqs} FAQ answer(s); card excerpts made: ${excerpts}.`,
      );
      return;
    }
    if (!values.email) return;
    if (command === 'unlock') {
      const forgotten = await unlockSignIn(database.db, values.email);
      console.log(`Sign-in of ${values.email} unlocked: ${forgotten} recorded attempt(s) forgotten.`);
      return;
    }
    if (command === 'reset-second-factor') {
      const { app, passkeys } = await resetSecondFactor(database.db, values.email);
      console.log(
        `Two-step sign-in of ${values.email} reset: ${app ? 'the authenticator app and its recovery codes' : 'no authenticator app'} and ${passkeys} passkey(s) removed. The password alone signs in now.`,
      );
      return;
    }
    const password = await askPassword();
    if (command === 'create') {
      const admin = await createAdmin(database.db, values.email, password, values.name, role);
      console.log(`${staffRoleLabels[role]} ${admin.email} created.`);
    } else {
      await resetAdminPassword(database.db, values.email, password);
      console.log(`Password of ${values.email} reset; its sessions are signed out.`);
    }
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
