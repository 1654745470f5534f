// `npm run admin -- create` as a person runs it, on an embedded database of its own: a role given with --role, and
// a role that does not exist refused before anything is written. (Without --role createAdmin makes an
// administrator: the staff API tests cover that.)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { adminUsers } from '../db/schema';
import { projectRoot } from '../project-root';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'clinic-admin-cli-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

function runAdmin(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: join(scratch, 'db'),
      ADMIN_NEW_PASSWORD: 'Front-counter-2027',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('npm run admin -- create', () => {
  it('takes --role, and refuses an unknown role', async () => {
    const refused = await runAdmin(['create', '--email', 'x@clinic.test', '--role', 'owner']);
    expect(refused).toMatchObject({
      code: 2,
      output: expect.stringMatching(/--role is one of administrator/),
    });

    const desk = await runAdmin(['create', '--email', 'desk@clinic.test', '--role', 'reception']);
    expect(desk).toMatchObject({
      code: 0,
      output: expect.stringMatching(/Reception desk@clinic\.test created/),
    });

    const database = await openDatabase({ dataDir: join(scratch, 'db') });
    try {
      const rows = await database.db
        .select({ email: adminUsers.email, role: adminUsers.role })
        .from(adminUsers);
      expect(rows).toEqual([{ email: 'desk@clinic.test', role: 'reception' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
