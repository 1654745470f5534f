import { clinic } from '../../shared/clinic';
import type { PageHead } from './route-handle';

/** The page's <title>: its own title and the clinic's name (the home page's is the clinic's name alone). */
export function documentTitle(head: PageHead): string {
  return head.title === clinic.name ? clinic.name : `${head.title} | ${clinic.name}`;
}
