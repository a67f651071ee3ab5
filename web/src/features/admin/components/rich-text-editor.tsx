// The HTML editor of content pages, banners and footer texts: TipTap (ProseMirror) with its starter
// kit, in a chunk of its own. It edits the HTML the API stores; the server still sanitises it.
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  toolbar: { id: 'admin.editor.toolbar', defaultMessage: 'Formatowanie', description: 'Accessible name of the rich-text toolbar' },
  bold: { id: 'admin.editor.bold', defaultMessage: 'Pogrubienie', description: 'Rich-text button: bold' },
  italic: { id: 'admin.editor.italic', defaultMessage: 'Kursywa', description: 'Rich-text button: italic' },
  heading: { id: 'admin.editor.heading', defaultMessage: 'Nagłówek', description: 'Rich-text button: heading level 2' },
  bullets: { id: 'admin.editor.bullets', defaultMessage: 'Lista', description: 'Rich-text button: bullet list' },
  numbers: { id: 'admin.editor.numbers', defaultMessage: 'Lista numerowana', description: 'Rich-text button: numbered list' },
  link: { id: 'admin.editor.link', defaultMessage: 'Odnośnik', description: 'Rich-text button: add or remove a link' },
  linkPrompt: { id: 'admin.editor.linkPrompt', defaultMessage: 'Adres odnośnika (pusty usuwa odnośnik)', description: 'Prompt for a link address in the rich-text editor' },
});

interface RichTextEditorProps {
  id: string;
  labelId: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
}

export function RichTextEditor({ id, labelId, describedBy, value, onChange }: RichTextEditorProps) {
  const intl = useIntl();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    // The site's CSP allows no inline <style>: the editor's few rules are in admin.css instead.
    injectCSS: false,
    // The toolbar's pressed states follow the cursor.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'admin-editor__content',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  const buttons = [
    { label: messages.bold, run: () => editor.chain().focus().toggleBold().run(), active: () => editor.isActive('bold') },
    { label: messages.italic, run: () => editor.chain().focus().toggleItalic().run(), active: () => editor.isActive('italic') },
    { label: messages.heading, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(), active: () => editor.isActive('heading', { level: 2 }) },
    { label: messages.bullets, run: () => editor.chain().focus().toggleBulletList().run(), active: () => editor.isActive('bulletList') },
    { label: messages.numbers, run: () => editor.chain().focus().toggleOrderedList().run(), active: () => editor.isActive('orderedList') },
    {
      label: messages.link,
      run: () => {
        const previous = String(editor.getAttributes('link').href ?? '');
        const href = window.prompt(intl.formatMessage(messages.linkPrompt), previous);
        if (href === null) return;
        if (href === '') editor.chain().focus().unsetLink().run();
        else editor.chain().focus().setLink({ href }).run();
      },
      active: () => editor.isActive('link'),
    },
  ];

  return (
    <div className="admin-editor">
      <div className="admin-editor__toolbar" role="toolbar" aria-label={intl.formatMessage(messages.toolbar)} aria-controls={id}>
        {buttons.map((button) => (
          <button key={button.label.id} type="button" className="admin-editor__button" aria-pressed={button.active()} onClick={button.run}>
            {intl.formatMessage(button.label)}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
