import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UPLOAD_BYTES_PER_DAY } from '../../../shared/uploads';
import type { DatabaseHandle } from '../../db/database';
import { inLockQueue } from '../../test/lock-queue';
import { createTestDatabase } from '../../test/test-database';
import { lockClientUploads, uploadedBytesSince } from './client-upload-repository';
import { takeVisitorUploadAllowance } from './visitor-upload-allowance';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('an address’s daily upload allowance', () => {
  it('lets only one of two forms at once (a referral and a booking) take what is left of it', async () => {
    const client = 'address-key-race';
    // Each fits in the allowance alone; together they pass it.
    const bytes = Math.ceil(VISITOR_UPLOAD_BYTES_PER_DAY * 0.6);
    const take = () =>
      database.db
        .transaction((tx) => takeVisitorUploadAllowance(tx, client, { files: 1, bytes }, 'used up'))
        .then(
          () => 'taken',
          (error: { code?: string }) => error.code ?? 'error',
        );
    const outcomes = await inLockQueue(database, (tx) => lockClientUploads(tx, client), [take, take]);
    expect(outcomes.sort()).toEqual(['taken', 'visitor_uploads_used_up']);
    expect(await uploadedBytesSince(database.db, client, new Date(Date.now() - 3_600_000))).toBe(bytes);
  });
});
