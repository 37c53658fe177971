import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

const LABELS = {
  boldControlLabel: 'پررنگ', italicControlLabel: 'مورب', underlineControlLabel: 'زیرخط', strikeControlLabel: 'خط‌خورده',
  clearFormattingControlLabel: 'پاک کردن قالب', h2ControlLabel: 'تیتر ۲', h3ControlLabel: 'تیتر ۳', h4ControlLabel: 'تیتر ۴',
  bulletListControlLabel: 'فهرست نقطه‌ای', orderedListControlLabel: 'فهرست شماره‌دار', blockquoteControlLabel: 'نقل‌قول',
  hrControlLabel: 'خط جداکننده', linkControlLabel: 'پیوند', unlinkControlLabel: 'حذف پیوند', undoControlLabel: 'واگرد', redoControlLabel: 'ازنو',
  linkEditorInputLabel: 'نشانی پیوند', linkEditorInputPlaceholder: 'https://example.com/', linkEditorSave: 'ذخیره',
  linkEditorExternalLink: 'باز شدن در زبانه جدید', linkEditorInternalLink: 'باز شدن در همین زبانه',
};

/** The product description editor (Mantine tiptap), right to left; emits HTML (sanitised by the server). */
export function RichText({ label, value, onChange, error, required }: { label: string; value: string; onChange: (html: string) => void; error?: string; required?: boolean }) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { dir: 'rtl', 'aria-label': label, 'data-testid': 'description-editor' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <RichTextEditor editor={editor} labels={LABELS} style={{ borderColor: error ? 'var(--mantine-color-red-6)' : undefined }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold /><RichTextEditor.Italic /><RichTextEditor.Underline /><RichTextEditor.Strikethrough /><RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 /><RichTextEditor.H3 /><RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList /><RichTextEditor.OrderedList /><RichTextEditor.Blockquote /><RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link /><RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo /><RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
