import { dashboardQuerySchema, dashboardResponseSchema } from '../dashboard';
import { deskDayQuerySchema, deskDayResponseSchema } from '../desk-day';
import * as admin from './dashboard-admin-endpoints';
import { withSchemas } from './endpoint-schemas';

export const getDashboard = withSchemas(admin.getDashboard, {
  summary:
    "The staff dashboard, in clinic time (Europe/Dublin): today's and tomorrow's appointments that take or took place (booked, paid, arrived, attended, no-show) by start; to_resolve, the appointments whose time ended before now in the last 30 days still booked, paid or arrived (neither attended nor no-show marked), oldest first, the first 100 listed and all counted; how many referrals await triage and when the oldest came; the takings of this clinic month and the last in euro: payments by the month they were taken (paid_at) minus refunds by the month they were made (refunded_at), so a refund lowers the month it was made in; unusual_uploads, today's visitors' uploads with the clinic's notice when unusual (a sender refused files for its address's daily allowance today, each address counted once a day, or over 100 MB and four times the median day of the last 14), else null. Takes no query; the patients' names shown are an audited read",
  query: dashboardQuerySchema,
  response: dashboardResponseSchema,
});

export const getDeskDay = withSchemas(admin.getDeskDay, {
  summary:
    "The desk's day in clinic time: the appointments of date (DD/MM/YYYY; today when left out) that take or took place (booked, paid, arrived, attended, no-show), by start, each with its times, the patient's name and phone, kind, adult or child, place, state, payment label and when the patient arrived; no health details. location (adult_1, adult_2, child, or video) keeps one place's. The patients' names shown are an audited read",
  query: deskDayQuerySchema,
  response: deskDayResponseSchema,
});

export const exportDeskDay = withSchemas(admin.exportDeskDay, {
  summary:
    "The desk's day as a CSV (UTF-8 with a BOM), as GET /api/admin/day chooses it: date, time, end, place, patient name, phone, kind, adult or child, payment information, status and arrival time; formula-like cells made inert, phone numbers as spreadsheets keep them (the export is audited)",
  query: deskDayQuerySchema,
});
