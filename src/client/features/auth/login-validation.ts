import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '../../../shared/auth';

/** The sign-in form's validation: loaded when the form is first used (see `lazyResolver`). */
export const loginResolver = zodResolver(loginRequestSchema);
