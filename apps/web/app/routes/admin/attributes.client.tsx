import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Modal, Paper, Select, Stack, TextInput } from '@mantine/core';
import { ATTRIBUTE_TYPES, type Attribute } from '@sorkhab/shared';
import { formData, useApi } from '../../features/admin/api';
import { ATTR_TYPE_LABELS } from '../../features/admin/attributes';
import { categoryOptions } from '../../features/admin/catalog';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { FormActions, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';
import { stopIfBlank } from '../../lib/required';

export default function AttributesPage() {
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('categoryId');
  const { data: tree } = useApi('GET /Category/GetCategories', {});
  const options = useMemo(() => categoryOptions(tree), [tree]);
  const { data, loading, reload } = useApi('GET /Category/GetAttByCId', categoryId ? { query: { categoryId } } : null);
  const [editing, setEditing] = useState<Attribute | 'new' | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Category/DeleteCAttribute', input: (a: Attribute) => ({ query: { id: a.id } }), message: (a) => `ویژگی «${a.title}» حذف شود؟`,
    success: 'ویژگی حذف شد', onDeleted: () => void reload(),
  });
  const rows = categoryId ? data ?? [] : [];

  return (
    <>
      <PageTitle actions={<Button size="xs" disabled={!categoryId} onClick={() => setEditing('new')}>افزودن ویژگی</Button>}>ویژگی‌های دسته</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Select label="دسته‌بندی" placeholder="یک دسته را انتخاب کنید" searchable {...options} value={categoryId} maw={480}
            nothingFoundMessage="دسته‌ای پیدا نشد" onChange={(v) => setParams(v ? { categoryId: v } : {})} />
          <AdminTable minWidth={520} rows={rows} loading={!!categoryId && loading} columns={[
            rowNumber(0, 60),
            { head: 'عنوان', cell: (a) => a.title },
            { head: 'کلید', td: { dir: 'ltr', style: { textAlign: 'right' } }, cell: (a) => a.key },
            { head: 'نوع', cell: (a) => ATTR_TYPE_LABELS[a.type] },
          ]} menu={(a) => ({ label: `عملیات ${a.title}`, items: [
            { label: 'ویرایش', onClick: () => setEditing(a) },
            { label: 'حذف', color: 'red', onClick: () => del.ask(a) },
          ] })} />
        </Stack>
      </Paper>

      <Modal opened={!!editing} onClose={() => setEditing(null)} centered title={editing === 'new' ? 'ویژگی جدید' : 'ویرایش ویژگی'}>
        {editing && categoryId && (
          <AttributeForm attribute={editing === 'new' ? null : editing} categoryId={Number(categoryId)} onCancel={() => setEditing(null)}
            onSaved={() => { setEditing(null); void reload(); }} />
        )}
      </Modal>
      {del.modal}
    </>
  );
}

function AttributeForm({ attribute, categoryId, onSaved, onCancel }: { attribute: Attribute | null; categoryId: number; onSaved: () => void; onCancel: () => void }) {
  const [title, setTitle] = useState(attribute?.title ?? '');
  const [key, setKey] = useState(attribute?.key ?? '');
  const [type, setType] = useState<string>(attribute?.type ?? 'string');
  const { busy, errors, setErrors, save } = useSave();
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      if (stopIfBlank(e.currentTarget, { title: [title, 'عنوان'], key: [key, 'کلید'], type: [type, 'نوع'] }, setErrors)) return;
      const saved = attribute
        ? await save('PUT /Category/UpdateCAttribute', { body: formData({ id: attribute.id, title, key, type, CategoryId: categoryId }) }, { success: 'ویژگی ذخیره شد' })
        : await save('POST /Category/CreateAttribute', { body: formData({ title, key, type, CategoryId: categoryId }) }, { success: 'ویژگی افزوده شد' });
      if (saved.success) onSaved();
    }}>
      <Stack>
        <TextInput label="عنوان" required data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <TextInput label="کلید" required dir="ltr" value={key} onChange={(e) => setKey(e.currentTarget.value)} error={errors.key} />
        <Select label="نوع" required allowDeselect={false} value={type} onChange={(v) => setType(v ?? 'string')}
          data={ATTRIBUTE_TYPES.map((t) => ({ value: t, label: ATTR_TYPE_LABELS[t] }))} error={errors.type} comboboxProps={{ withinPortal: true }} />
        <FormActions onCancel={onCancel} busy={busy} />
      </Stack>
    </form>
  );
}
