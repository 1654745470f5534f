import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import './rich-text-editor.css';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * The rich-text editor, downloaded (with TipTap) only when a screen shows it; until then a box of the
 * same size says 'Loading the editor…'. Same props as RichTextEditor (rich-text-editor.tsx):
 * `{ id, value, onChange, onBlur?, invalid?, describedBy?, labelledBy, ref? }`. Import this one in screens.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text-editor rich-text-editor--loading" role="status">
          Loading the editor…
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
