import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { visitorUploads } from '../../db/schema';

/** One visitor's form as the day's uploads count it: the files taken, or a refusal for the daily allowance. */
export interface VisitorUploadEntry {
  files: number;
  bytes: number;
  refused: boolean;
}

export async function recordVisitorUpload(db: Db, entry: VisitorUploadEntry): Promise<void> {
  await db.insert(visitorUploads).values(entry);
}

/** What visitors sent between two instants (a clinic day): bytes and files taken, forms with files, refusals. */
export interface VisitorUploadTotals {
  bytes: number;
  files: number;
  forms: number;
  refused: number;
}

const within = (range: { from: Date; to: Date }): SQL =>
  and(gte(visitorUploads.createdAt, range.from), lt(visitorUploads.createdAt, range.to)) as SQL;

/**
 * The totals of each range (clinic days), in the order of `ranges`: one pass over the rows from the earliest
 * range's start (a fortnight of forms at most; older ones are forgotten).
 */
export async function visitorUploadTotals(
  db: Db,
  ranges: readonly { from: Date; to: Date }[],
): Promise<VisitorUploadTotals[]> {
  if (ranges.length === 0) return [];
  const accepted = (range: { from: Date; to: Date }) => and(within(range), eq(visitorUploads.refused, false));
  const columns = Object.fromEntries(
    ranges.flatMap((range, index) => [
      [
        `bytes${index}`,
        sql<string>`coalesce(sum(${visitorUploads.bytes}) filter (where ${accepted(range)}), 0)`,
      ],
      [
        `files${index}`,
        sql<string>`coalesce(sum(${visitorUploads.files}) filter (where ${accepted(range)}), 0)`,
      ],
      [`forms${index}`, sql<string>`count(*) filter (where ${accepted(range)})`],
      [
        `refused${index}`,
        sql<string>`count(*) filter (where ${and(within(range), eq(visitorUploads.refused, true))})`,
      ],
    ]),
  );
  const from = new Date(Math.min(...ranges.map((range) => range.from.getTime())));
  const [row] = await db.select(columns).from(visitorUploads).where(gte(visitorUploads.createdAt, from));
  return ranges.map((_range, index) => ({
    bytes: Number(row?.[`bytes${index}`] ?? 0),
    files: Number(row?.[`files${index}`] ?? 0),
    forms: Number(row?.[`forms${index}`] ?? 0),
    refused: Number(row?.[`refused${index}`] ?? 0),
  }));
}

/** Forgets what visitors sent before `before`: the dashboard weighs today against the last two weeks only. */
export async function forgetVisitorUploadsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(visitorUploads).where(lt(visitorUploads.createdAt, before));
}
