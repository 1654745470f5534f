import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { newServerStore, type ServerStore } from '../test/server-store';

// A supervisor restarts the embedded server at once after a `kill -9`, before it has reaped the killed process:
// the killed server is still a zombie, its id still answers a signal 0, and the data folder's lock still names it.
// Each new server must take the folder over and come up healthy, round after round. The servers run under a
// parent that never reaps them (`unreaped`), so every restart meets its predecessor as a zombie.

const ROUNDS = 20;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'an embedded server restarted at once after kill -9',
  () => {
    let store: ServerStore;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      store = await newServerStore();
    });

    afterAll(async () => {
      for (const server of servers) {
        await server.stop();
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      }
      await store?.drop();
    });

    it(`comes up healthy ${ROUNDS} times in a row, its predecessor a zombie each time`, async () => {
      const startedAt = Date.now();
      servers.push(await startServerProcess(store.env, { unreaped: true }));
      const took: number[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const killed = servers.at(-1) as ServerProcess;
        await killed.stop('SIGKILL');
        // The state the lock used to mistake for a running server: the id answers, the process is a zombie.
        const stat = await readFile(`/proc/${killed.pid}/stat`, 'utf8');
        expect(stat.slice(stat.lastIndexOf(')') + 1).trim()[0], `round ${round}: the killed server`).toBe(
          'Z',
        );
        expect(() => process.kill(killed.pid, 0)).not.toThrow();

        const before = Date.now();
        const next = await startServerProcess(store.env, { unreaped: true });
        servers.push(next);
        took.push(Date.now() - before);
        console.log(`round ${round}: healthy ${took.at(-1)} ms after the kill (process ${next.pid})`);
        expect(next.output()).not.toContain('in use by another server');
        // The zombie has served: its parent goes, and init reaps it.
        killed.child.kill('SIGKILL');
      }
      console.log(
        `${ROUNDS} restarts in ${Date.now() - startedAt} ms; each ${Math.min(...took)}-${Math.max(...took)} ms`,
      );
    }, 170_000);
  },
);
