import type { ErrorCode } from './error-codes';

/**
 * The error body every API failure answers with (DESIGN.md section 3): the text a person reads, the stable code to
 * branch on, and each refused field's messages by the field's bare name.
 */
export interface ApiErrorBody {
  error_messages: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
}
