import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Button, Group, Menu, Modal, Paper, Select, Stack, Table, TextInput } from '@mantine/core';
import { ATTRIBUTE_TYPES, type Attribute, type Category } from '@sorkhab/shared';
import { call, formData, useApi } from '../../features/admin/api';
import { ATTR_TYPE_LABELS } from '../../features/admin/attributes';
import { flattenCategories } from '../../features/admin/catalog';
import { ConfirmModal, DataTable, EmptyRow, fa, PageTitle } from '../../features/admin/ui';

export function meta() {
  return [{ title: 'ویژگی‌های دسته | پنل مدیریت سرخاب' }];
}

export default function AttributesPage() {
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('categoryId');
  const { data: tree } = useApi<Category[]>('Category/GetCategories');
  const options = useMemo(() => flattenCategories(tree ?? []).map((c) => ({ value: String(c.id), label: c.label })), [tree]);
  const { data, loading, reload } = useApi<Attribute[]>(categoryId ? `Category/GetAttByCId?categoryId=${categoryId}` : null);
  const [editing, setEditing] = useState<Attribute | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Attribute | null>(null);
  const rows = categoryId ? data ?? [] : [];

  return (
    <>
      <PageTitle actions={<Button size="xs" disabled={!categoryId} onClick={() => setEditing('new')}>افزودن ویژگی</Button>}>ویژگی‌های دسته</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Select label="دسته‌بندی" placeholder="یک دسته را انتخاب کنید" searchable data={options} value={categoryId} maw={480}
            nothingFoundMessage="دسته‌ای پیدا نشد" onChange={(v) => setParams(v ? { categoryId: v } : {})} />
          <DataTable minWidth={520}>
            <Table.Thead>
              <Table.Tr><Table.Th w={60}>ردیف</Table.Th><Table.Th>عنوان</Table.Th><Table.Th>کلید</Table.Th><Table.Th>نوع</Table.Th><Table.Th w={80}>عملیات</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyRow colSpan={5} loading={!!categoryId && loading} /> : rows.map((a, i) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{fa(i + 1)}</Table.Td>
                  <Table.Td>{a.title}</Table.Td>
                  <Table.Td dir="ltr" style={{ textAlign: 'right' }}>{a.key}</Table.Td>
                  <Table.Td>{ATTR_TYPE_LABELS[a.type]}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={`عملیات ${a.title}`}>⋮</ActionIcon></Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setEditing(a)}>ویرایش</Menu.Item>
                        <Menu.Item color="red" onClick={() => setDeleting(a)}>حذف</Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        </Stack>
      </Paper>

      <Modal opened={!!editing} onClose={() => setEditing(null)} centered title={editing === 'new' ? 'ویژگی جدید' : 'ویرایش ویژگی'}>
        {editing && categoryId && (
          <AttributeForm attribute={editing === 'new' ? null : editing} categoryId={Number(categoryId)} onCancel={() => setEditing(null)}
            onSaved={() => { setEditing(null); void reload(); }} />
        )}
      </Modal>
      <ConfirmModal opened={!!deleting} onClose={() => setDeleting(null)} message={`ویژگی «${deleting?.title ?? ''}» حذف شود؟`}
        onConfirm={async () => {
          const res = await call('DELETE', `Category/DeleteCAttribute?id=${deleting!.id}`, undefined, { success: 'ویژگی حذف شد' });
          setDeleting(null);
          if (res.success) void reload();
        }} />
    </>
  );
}

function AttributeForm({ attribute, categoryId, onSaved, onCancel }: { attribute: Attribute | null; categoryId: number; onSaved: () => void; onCancel: () => void }) {
  const [title, setTitle] = useState(attribute?.title ?? '');
  const [key, setKey] = useState(attribute?.key ?? '');
  const [type, setType] = useState<string>(attribute?.type ?? 'string');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form onSubmit={async (e) => {
      e.preventDefault();
      setBusy(true);
      const res = await call(attribute ? 'PUT' : 'POST', attribute ? 'Category/UpdateCAttribute' : 'Category/CreateAttribute',
        formData({ id: attribute?.id, title, key, type, CategoryId: categoryId }), { success: attribute ? 'ویژگی ذخیره شد' : 'ویژگی افزوده شد' });
      setBusy(false);
      if (res.success) onSaved();
      else setErrors(res.error.fields ?? {});
    }}>
      <Stack>
        <TextInput label="عنوان" required data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <TextInput label="کلید" required dir="ltr" value={key} onChange={(e) => setKey(e.currentTarget.value)} error={errors.key} />
        <Select label="نوع" required allowDeselect={false} value={type} onChange={(v) => setType(v ?? 'string')}
          data={ATTRIBUTE_TYPES.map((t) => ({ value: t, label: ATTR_TYPE_LABELS[t] }))} error={errors.type} comboboxProps={{ withinPortal: true }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>انصراف</Button>
          <Button type="submit" loading={busy}>ذخیره</Button>
        </Group>
      </Stack>
    </form>
  );
}
