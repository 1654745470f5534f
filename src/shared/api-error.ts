/** The error body every API failure answers with (DESIGN.md section 3). */
export interface ApiErrorBody {
  error_messages: string;
  errors?: Record<string, string[]>;
}
