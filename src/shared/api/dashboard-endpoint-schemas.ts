import { dashboardQuerySchema, dashboardResponseSchema } from '../dashboard';
import * as admin from './dashboard-admin-endpoints';
import { withSchemas } from './endpoint-schemas';

export const getDashboard = withSchemas(admin.getDashboard, {
  summary:
    "The staff dashboard, in clinic time (Europe/Dublin): today's and tomorrow's appointments that take or took place (booked, paid, attended, no-show) by start; how many referrals await triage and when the oldest came; the takings of this clinic month and the last in euro: payments by the month they were taken (paid_at) minus refunds by the month they were made (refunded_at), so a refund lowers the month it was made in; unusual_uploads, today's visitors' uploads with the clinic's notice when unusual (a sender refused files for its address's daily allowance today, each address counted once a day, or over 100 MB and four times the median day of the last 14), else null. Takes no query; the patients' names shown are an audited read",
  query: dashboardQuerySchema,
  response: dashboardResponseSchema,
});
