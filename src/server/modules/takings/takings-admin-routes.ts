import type { FastifyInstance } from 'fastify';
import { exportTakings, getTakings } from '../../../shared/api/takings-endpoint-schemas';
import { takingsCsvColumns } from '../../../shared/takings';
import { sendCsv } from '../../http/csv-export';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { exportTakingsForStaff, takingsReport } from './takings-service';

/** The takings and their CSV, under the guarded /api/admin scope. */
export async function takingsAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  route(admin, getTakings, async (request) => takingsReport(db, request.query));
  route(admin, exportTakings, async (request, reply) => {
    const rows = await exportTakingsForStaff(db, adminActorOf(request), request.query);
    const { from, to } = request.query;
    return sendCsv(reply, `Takings ${from} to ${to}.csv`, takingsCsvColumns, rows);
  });
}
