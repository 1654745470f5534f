import { dashboardQuerySchema, dashboardResponseSchema } from '../dashboard';
import { defineEndpoint } from './endpoint';

export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  summary:
    "The staff dashboard, in clinic time (Europe/Dublin): today's and tomorrow's appointments that take or took place (booked, paid, attended, no-show) by start; how many referrals await triage and when the oldest came; the takings of this clinic month and the last in euro: payments by the month they were taken (paid_at) minus refunds by the month they were made (refunded_at), so a refund lowers the month it was made in. Takes no query; the patients' names shown are an audited read",
  access: 'admin',
  query: dashboardQuerySchema,
  response: dashboardResponseSchema,
});
