import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Badge, Button, Menu, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { SLIDER_FETCH_SIZE, type Slide } from '@sorkhab/shared';
import { call, useApi } from '../../features/admin/api';
import { ConfirmModal, DataTable, EmptyRow, fa, PageTitle, thumbOf } from '../../features/admin/ui';

export function meta() {
  return [{ title: 'اسلایدر و بنر | پنل مدیریت سرخاب' }];
}

type Paged<T> = { data: T[]; page: number; pageSize: number; totalCount: number };

export default function SlidersPage() {
  const [kind, setKind] = useState<'slide' | 'banner'>('slide');
  const { data, loading, reload } = useApi<Paged<Slide>>(`Slider/Get?PageNumber=1&PageSize=${SLIDER_FETCH_SIZE}&kind=${kind}`);
  const [deleting, setDeleting] = useState<Slide | null>(null);
  const navigate = useNavigate();
  const rows = data?.data ?? [];
  return (
    <>
      <PageTitle actions={<Button size="xs" component={Link} to={`/admin/add-slider/new?kind=${kind}`}>{kind === 'slide' ? 'افزودن اسلاید' : 'افزودن بنر'}</Button>}>
        اسلایدر و بنر
      </PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <SegmentedControl w={260} value={kind} onChange={(v) => setKind(v as 'slide' | 'banner')} data={[{ value: 'slide', label: 'اسلایدها' }, { value: 'banner', label: 'بنرها' }]} />
          <DataTable minWidth={700}>
            <Table.Thead>
              <Table.Tr><Table.Th w={56}>ردیف</Table.Th><Table.Th w={130}>تصویر</Table.Th><Table.Th>عنوان</Table.Th><Table.Th>پیوند</Table.Th><Table.Th w={70}>ترتیب</Table.Th><Table.Th w={80}>وضعیت</Table.Th><Table.Th w={80}>عملیات</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyRow colSpan={7} loading={loading && !data} /> : rows.map((s, i) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{fa(i + 1)}</Table.Td>
                  <Table.Td>{s.imageUri ? <img src={thumbOf(s, 300)} alt="" width={110} height={50} style={{ objectFit: 'cover', borderRadius: 6 }} /> : '—'}</Table.Td>
                  <Table.Td>{s.title || <Text c="dimmed" size="sm">بدون عنوان</Text>}</Table.Td>
                  <Table.Td><Text size="sm" dir="ltr" ta="right" lineClamp={1}>{s.link}</Text></Table.Td>
                  <Table.Td>{fa(s.sortOrder)}</Table.Td>
                  <Table.Td>{s.isActive ? <Badge color="teal" variant="light">فعال</Badge> : <Badge color="gray" variant="light">غیرفعال</Badge>}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label="عملیات">⋮</ActionIcon></Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => navigate(`/admin/add-slider/${s.id}`)}>ویرایش</Menu.Item>
                        <Menu.Item color="red" onClick={() => setDeleting(s)}>حذف</Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        </Stack>
      </Paper>
      <ConfirmModal opened={!!deleting} onClose={() => setDeleting(null)} message="این مورد حذف شود؟"
        onConfirm={async () => {
          const res = await call('DELETE', `Slider?id=${deleting!.id}`, undefined, { success: 'حذف شد' });
          setDeleting(null);
          if (res.success) void reload();
        }} />
    </>
  );
}
