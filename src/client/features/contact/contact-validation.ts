import { zodResolver } from '@hookform/resolvers/zod';
import { contactRequestSchema } from '../../../shared/contact';

/** The contact form's validation: loaded when the form is first used (see `lazyResolver`). */
export const contactResolver = zodResolver(contactRequestSchema);
