import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Paper, Stack, Table, TextInput } from '@mantine/core';
import type { Brand } from '@sorkhab/shared';
import { call, useApi } from '../../features/admin/api';
import { ConfirmModal, DataTable, EmptyRow, fa, PageTitle } from '../../features/admin/ui';

export function meta() {
  return [{ title: 'برندها | پنل مدیریت سرخاب' }];
}

export default function BrandsPage() {
  const { data, loading, reload } = useApi<Brand[]>('Brand/GetAll');
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const rows = data ?? [];
  return (
    <>
      <PageTitle actions={<Button size="xs" onClick={() => setEditing('new')}>برند جدید</Button>}>برندها</PageTitle>
      <Paper withBorder p="md">
        <DataTable minWidth={480}>
          <Table.Thead>
            <Table.Tr><Table.Th w={56}>ردیف</Table.Th><Table.Th>عنوان</Table.Th><Table.Th>نام لاتین</Table.Th><Table.Th w={100}>محصولات</Table.Th><Table.Th w={80}>عملیات</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? <EmptyRow colSpan={5} loading={loading && !data} /> : rows.map((b, i) => (
              <Table.Tr key={b.id}>
                <Table.Td>{fa(i + 1)}</Table.Td>
                <Table.Td>{b.title}</Table.Td>
                <Table.Td dir="ltr" style={{ textAlign: 'right' }}>{b.alias}</Table.Td>
                <Table.Td>{fa(b.productCount ?? 0)}</Table.Td>
                <Table.Td>
                  <Menu position="bottom-end">
                    <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={`عملیات ${b.title}`}>⋮</ActionIcon></Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setEditing(b)}>ویرایش</Menu.Item>
                      <Menu.Item color="red" onClick={() => setDeleting(b)}>حذف</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </Paper>
      <Modal opened={!!editing} onClose={() => setEditing(null)} centered title={editing === 'new' ? 'برند جدید' : 'ویرایش برند'}>
        {editing && <BrandForm brand={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void reload(); }} />}
      </Modal>
      <ConfirmModal opened={!!deleting} onClose={() => setDeleting(null)} message={`برند «${deleting?.title ?? ''}» حذف شود؟ محصولات آن بدون برند می‌مانند.`}
        onConfirm={async () => {
          const res = await call('DELETE', `Brand/Delete?id=${deleting!.id}`, undefined, { success: 'برند حذف شد' });
          setDeleting(null);
          if (res.success) void reload();
        }} />
    </>
  );
}

function BrandForm({ brand, onDone }: { brand: Brand | null; onDone: () => void }) {
  const [title, setTitle] = useState(brand?.title ?? '');
  const [alias, setAlias] = useState(brand?.alias ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form onSubmit={async (e) => {
      e.preventDefault();
      setBusy(true);
      const res = await call(brand ? 'PUT' : 'POST', brand ? 'Brand/Update' : 'Brand/Create', { id: brand?.id, title, alias }, { success: 'برند ذخیره شد' });
      setBusy(false);
      if (res.success) onDone(); else setErrors(res.error.fields ?? {});
    }}>
      <Stack>
        <TextInput label="عنوان" required data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <TextInput label="نام لاتین" dir="ltr" value={alias} onChange={(e) => setAlias(e.currentTarget.value)} error={errors.alias} />
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}
