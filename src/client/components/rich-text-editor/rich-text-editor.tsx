import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isSafeLinkHref, safeLinkHref } from '../../lib/safe-link';
import { type ToolbarState, toolbarItems } from './toolbar-items';
import './rich-text-editor.css';

interface RichTextEditorHandle {
  /** Puts the keyboard focus in the editable area (e.g. react-hook-form's focus on an invalid field). */
  focus: () => void;
}

export interface RichTextEditorProps {
  /** The id of the editable area (so an error summary can link to it). */
  id: string;
  /** The content as HTML ('' for none). A new value from outside (e.g. a form reset) replaces the content. */
  value: string;
  /** Called with the HTML on every change; an empty document is reported as ''. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Marks the editable area aria-invalid (and red). */
  invalid?: boolean;
  /** Ids of the hint and error texts, for aria-describedby. */
  describedBy?: string;
  /** The id of the visible label (an element with that id, e.g. <span id=... className="field__label">). */
  labelledBy: string;
  ref?: Ref<RichTextEditorHandle>;
}

/** Headings 2 to 4 (the page has the h1), no code, strike, underline or rules; links: web and e-mail only. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: false,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeLinkHref(url),
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
];

/**
 * A rich-text editor (TipTap) for article content and HTML answers: a 'Formatting' toolbar (Bold,
 * Italic, H2 heading, H3 heading, Bullet list, Numbered list, Quote, Link, Undo, Redo; arrow keys move
 * between its buttons) above an editable area that behaves like a labelled multi-line text box.
 * Tab leaves the editor (it does not indent lists). Ctrl/⌘+K adds a link.
 *
 * Screens should use `LazyRichTextEditor` (lazy-rich-text-editor.tsx), which downloads TipTap only
 * when shown. Label it with a visible element whose id is `labelledBy`, and require content with
 * `isBlankHtml()` from src/shared/blank-html.ts.
 *
 * @example
 * <span id="content-label" className="field__label">Content</span>
 * <Controller control={control} name="content" render={({ field, fieldState }) => (
 *   <LazyRichTextEditor id="content" labelledBy="content-label" value={field.value}
 *     onChange={field.onChange} onBlur={field.onBlur} ref={field.ref}
 *     invalid={!!fieldState.error} describedBy={fieldState.error ? 'content-error' : undefined} />
 * )} />
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  invalid = false,
  describedBy,
  labelledBy,
  ref,
}: RichTextEditorProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  const openLinkPanelRef = useRef<() => void>(() => {});
  // The HTML the editor holds, as last reported or set: a `value` different from it comes from outside.
  const heldValue = useRef(value);
  const [initialContent] = useState(value);

  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        class: 'rich-text-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-invalid': invalid ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          openLinkPanelRef.current();
          return true;
        }
        return false;
      },
    }),
    [id, labelledBy, invalid, describedBy],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    injectCSS: false, // The Content-Security-Policy forbids injected <style>: rich-text-editor.css has those rules.
    shouldRerenderOnTransaction: false, // The toolbar follows the editor with useEditorState.
    editorProps,
    onUpdate: ({ editor: current }) => {
      // An empty document is ''; the empty paragraph kept at the end (to type after a list) is left out.
      const html = current.isEmpty ? '' : current.getHTML().replace(/(<p><\/p>)+$/, '');
      heldValue.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // A value from outside (the article loaded, the form reset): show it, without an undo step.
  // A layout effect, so it runs in the same commit as the render: a passive effect can run after the
  // next keystroke, see an older echo of the editor's own value, and reset the content and the caret.
  useLayoutEffect(() => {
    if (!editor || value === heldValue.current) return;
    heldValue.current = value;
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  // Tab and Shift+Tab move the focus on (WCAG 2.1.2): they never reach the editor's list indenting.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Tab' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (
        event.target instanceof HTMLElement &&
        event.target.classList.contains('rich-text-editor__content')
      ) {
        event.stopPropagation();
      }
    };
    wrapper.addEventListener('keydown', onKeyDown, true);
    return () => wrapper.removeEventListener('keydown', onKeyDown, true);
  }, []);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }): ToolbarState | null =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            heading2: current.isActive('heading', { level: 2 }),
            heading3: current.isActive('heading', { level: 3 }),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            blockquote: current.isActive('blockquote'),
            link: current.isActive('link'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  // The link panel: a small inline form under the toolbar (no nested <form>: the editor sits in one).
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState('');
  const linkInputRef = useRef<HTMLInputElement>(null);
  const linkInputId = useId();
  const linkErrorId = useId();

  const openLinkPanel = () => {
    if (!editor) return;
    setLinkText(editor.getAttributes('link').href ?? '');
    setLinkError('');
    setLinkOpen(true);
  };

  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
    openLinkPanelRef.current = openLinkPanel;
  });

  useEffect(() => {
    if (linkOpen) linkInputRef.current?.focus();
  }, [linkOpen]);

  const closeLinkPanel = () => {
    setLinkOpen(false);
    setLinkError('');
    editor?.commands.focus();
  };

  const applyLink = () => {
    if (!editor) return;
    const href = safeLinkHref(linkText);
    if (!href) {
      setLinkError('Enter a web address (https://…), a page of this site (/fees) or an e-mail address.');
      linkInputRef.current?.focus();
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      const text = href.replace(/^mailto:/i, '');
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkOpen(false);
    setLinkError('');
  };

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
    setLinkError('');
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // not the surrounding form's submit
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeLinkPanel();
    }
  };

  const items = toolbarItems(openLinkPanel);

  // The toolbar is one Tab stop; the arrow keys, Home and End move between its buttons.
  const [current, setCurrent] = useState(0);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    let next: number;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = current >= last ? 0 : current + 1;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = current <= 0 ? last : current - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    setCurrent(next);
    buttonRefs.current[next]?.focus();
  };

  return (
    <div ref={wrapperRef} className="rich-text-editor" data-invalid={invalid ? 'true' : undefined}>
      <div
        className="rich-text-editor__toolbar"
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        onKeyDown={onToolbarKeyDown}
      >
        {items.map((item, index) => {
          const pressed = state && item.pressed ? item.pressed(state) : undefined;
          const disabled = !editor || (state && item.enabled ? !item.enabled(state) : false);
          return (
            <button
              key={item.key}
              ref={(node) => {
                buttonRefs.current[index] = node;
              }}
              type="button"
              className={
                item.groupStart
                  ? 'rich-text-editor__button rich-text-editor__button--group-start'
                  : 'rich-text-editor__button'
              }
              tabIndex={index === current ? 0 : -1}
              aria-label={item.label}
              title={item.label}
              aria-pressed={item.pressed ? Boolean(pressed) : undefined}
              // aria-disabled keeps Undo and Redo reachable with the arrow keys while there is nothing to undo.
              aria-disabled={disabled || undefined}
              aria-expanded={item.key === 'link' ? linkOpen : undefined}
              onFocus={() => setCurrent(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (editor && !disabled) item.run(editor);
              }}
            >
              {item.icon}
            </button>
          );
        })}
      </div>

      {linkOpen && (
        <div className="rich-text-editor__link-panel">
          <label className="rich-text-editor__link-label" htmlFor={linkInputId}>
            Link address
          </label>
          <input
            ref={linkInputRef}
            id={linkInputId}
            className="field__input rich-text-editor__link-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            value={linkText}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? linkErrorId : undefined}
            onChange={(event) => setLinkText(event.target.value)}
            onKeyDown={onLinkKeyDown}
          />
          <div className="rich-text-editor__link-actions">
            <button type="button" className="button button--primary button--small" onClick={applyLink}>
              Apply link
            </button>
            {state?.link && (
              <button type="button" className="button button--secondary button--small" onClick={removeLink}>
                Remove link
              </button>
            )}
            <button type="button" className="button button--secondary button--small" onClick={closeLinkPanel}>
              Cancel
            </button>
          </div>
          {linkError && (
            <p id={linkErrorId} className="field__error rich-text-editor__link-error" role="alert">
              {linkError}
            </p>
          )}
        </div>
      )}

      <EditorContent editor={editor} className="rich-text-editor__area" />
    </div>
  );
}
