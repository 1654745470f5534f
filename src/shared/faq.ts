import { paginationQuerySchema } from './pagination';

export interface FaQuestion {
  id: number;
  title: string;
  /** Plain text, or sanitised HTML when `asHtml` is true. */
  answer: string;
  asHtml: boolean;
}

export interface FaQuestionsResponse {
  fa_questions: FaQuestion[];
  pages: number;
  count: number;
}

/** The public FAQ list: the spec reads page 1 with 50 per page. */
export const PUBLIC_FAQ_QUERY = { page: 1, per_page: 50 } as const;

export const faQuestionsQuerySchema = paginationQuerySchema.strict();
