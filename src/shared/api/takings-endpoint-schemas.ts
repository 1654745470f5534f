import { takingsQuerySchema, takingsResponseSchema } from '../takings';
import { withSchemas } from './endpoint-schemas';
import * as admin from './takings-admin-endpoints';

export const getTakings = withSchemas(admin.getTakings, {
  summary:
    'The takings from one clinic day to another (from, to: DD/MM/YYYY, both included, at most 366 days; Europe/Dublin): for every day, the payments taken (by when their money came in: online card payments, and cash or card terminal at the desk) and the refunds made (by when they were made), their counts, paid, refunded and net in euro as text with two decimals, and by method; totals for the range. Exact to the cent',
  query: takingsQuerySchema,
  response: takingsResponseSchema,
});

export const exportTakings = withSchemas(admin.exportTakings, {
  summary:
    "Takings.csv (UTF-8 with a BOM) of the range: one row a payment taken and a refund made, in the order they happened: clinic date and time, kind (payment or refund), method (card, cash, card_terminal), amount in euro, the patient's name, the appointment's id, the provider's payment or refund id (to match the card provider's payout report) and a refund's reason; formula-like cells made inert (the export is audited)",
  query: takingsQuerySchema,
});
