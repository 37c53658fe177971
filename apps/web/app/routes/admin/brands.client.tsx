import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, TextInput } from '@mantine/core';
import type { Brand } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';
import { stopIfBlank } from '../../lib/required';

export default function BrandsPage() {
  const { data, loading, reload } = useApi('GET /Brand/GetAll', {});
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Brand/Delete', input: (b: Brand) => ({ query: { id: b.id } }), message: (b) => `برند «${b.title}» حذف شود؟ محصولات آن بدون برند می‌مانند.`,
    success: 'برند حذف شد', onDeleted: () => void reload(),
  });
  const rows = data ?? [];
  return (
    <>
      <PageTitle actions={<Button size="xs" onClick={() => setEditing('new')}>برند جدید</Button>}>برندها</PageTitle>
      <Paper withBorder p="md">
        <AdminTable minWidth={480} rows={rows} loading={loading && !data} columns={[
          rowNumber(),
          { head: 'عنوان', cell: (b) => b.title },
          { head: 'نام لاتین', td: { dir: 'ltr', style: { textAlign: 'right' } }, cell: (b) => b.alias },
          { head: 'محصولات', w: 100, cell: (b) => fa(b.productCount ?? 0) },
        ]} menu={(b) => ({ label: `عملیات ${b.title}`, items: [
          { label: 'ویرایش', onClick: () => setEditing(b) },
          { label: 'حذف', color: 'red', onClick: () => del.ask(b) },
        ] })} />
      </Paper>
      <Modal opened={!!editing} onClose={() => setEditing(null)} centered title={editing === 'new' ? 'برند جدید' : 'ویرایش برند'}>
        {editing && <BrandForm brand={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void reload(); }} />}
      </Modal>
      {del.modal}
    </>
  );
}

function BrandForm({ brand, onDone }: { brand: Brand | null; onDone: () => void }) {
  const [title, setTitle] = useState(brand?.title ?? '');
  const [alias, setAlias] = useState(brand?.alias ?? '');
  const { busy, errors, setErrors, save } = useSave();
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      if (stopIfBlank(e.currentTarget, { title: [title, 'عنوان'] }, setErrors)) return;
      const saved = brand
        ? await save('PUT /Brand/Update', { body: { id: brand.id, title, alias } }, { success: 'برند ذخیره شد' })
        : await save('POST /Brand/Create', { body: { title, alias } }, { success: 'برند ذخیره شد' });
      if (saved.success) onDone();
    }}>
      <Stack>
        <TextInput label="عنوان" required data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <TextInput label="نام لاتین" dir="ltr" value={alias} onChange={(e) => setAlias(e.currentTarget.value)} error={errors.alias} />
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}
