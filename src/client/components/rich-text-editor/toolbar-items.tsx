import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';

export type ToolbarState = {
  bold: boolean;
  italic: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

export interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** For toggles: the aria-pressed state. */
  pressed?: (state: ToolbarState) => boolean;
  /** For Undo and Redo: whether there is something to do. */
  enabled?: (state: ToolbarState) => boolean;
  run: (editor: Editor) => void;
  /** Starts a new group (a little space before it). */
  groupStart?: boolean;
}

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d={path}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const glyph = (text: string, className: string) => (
  <span className={`rich-text-editor__glyph ${className}`} aria-hidden="true">
    {text}
  </span>
);

/** The 'Formatting' toolbar's buttons, in order; Link opens the editor's link panel. */
export function toolbarItems(openLinkPanel: () => void): ToolbarItem[] {
  return [
    {
      key: 'bold',
      label: 'Bold',
      icon: glyph('B', 'rich-text-editor__glyph--bold'),
      pressed: (s) => s.bold,
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      icon: glyph('I', 'rich-text-editor__glyph--italic'),
      pressed: (s) => s.italic,
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'heading2',
      label: 'H2 heading',
      icon: glyph('H2', ''),
      pressed: (s) => s.heading2,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
      groupStart: true,
    },
    {
      key: 'heading3',
      label: 'H3 heading',
      icon: glyph('H3', ''),
      pressed: (s) => s.heading3,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bulletList',
      label: 'Bullet list',
      icon: icon('M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01'),
      pressed: (s) => s.bulletList,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      groupStart: true,
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      icon: icon('M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.8 14.2a1.4 1.4 0 0 1 2.4 1L4 18h2.5'),
      pressed: (s) => s.orderedList,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      label: 'Quote',
      icon: icon('M6 17h3l2-4V7H5v6h3M14 17h3l2-4V7h-6v6h3'),
      pressed: (s) => s.blockquote,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    {
      key: 'link',
      label: 'Link',
      icon: icon(
        'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
      ),
      pressed: (s) => s.link,
      run: () => openLinkPanel(),
      groupStart: true,
    },
    {
      key: 'undo',
      label: 'Undo',
      icon: icon('M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3'),
      enabled: (s) => s.canUndo,
      run: (e) => e.chain().focus().undo().run(),
      groupStart: true,
    },
    {
      key: 'redo',
      label: 'Redo',
      icon: icon('m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3'),
      enabled: (s) => s.canRedo,
      run: (e) => e.chain().focus().redo().run(),
    },
  ];
}
