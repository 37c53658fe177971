import { Link } from 'react-router';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatJalali, formatToman } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useSession } from '../../features/admin/session';
import { DataTable, EmptyRow, fa, imgSrc } from '../../features/admin/ui';

export function meta() {
  return [{ title: 'داشبورد | پنل مدیریت سرخاب' }];
}

function Stat({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  const body = (
    <>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fw={800} size="xl" mt={4}>{value}</Text>
      {hint && <Text size="xs" c="dimmed" mt={2}>{hint}</Text>}
    </>
  );
  return to
    ? <Paper withBorder p="md" component={Link} to={to} style={{ textDecoration: 'none', color: 'inherit' }}>{body}</Paper>
    : <Paper withBorder p="md">{body}</Paper>;
}

export default function DashboardPage() {
  const { user } = useSession();
  const { data, loading } = useApi('GET /Dashboard', {});
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h3">سلام {user.firstname || user.username}</Title>
          <Text c="dimmed" size="sm">امروز {formatJalali(new Date())}</Text>
        </div>
        <Group gap="xs">
          <Button size="xs" component={Link} to="/admin/add-product">افزودن محصول</Button>
          <Button size="xs" variant="default" component={Link} to="/admin/orders">سفارش‌ها</Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
        <Stat label="فروش امروز" value={data ? formatToman(data.salesToday) : '…'} />
        <Stat label="فروش این ماه" value={data ? formatToman(data.salesMonth) : '…'} />
        <Stat label="سفارش‌های امروز" value={data ? fa(data.ordersToday) : '…'} to="/admin/orders" />
        <Stat label="سفارش‌های در انتظار رسیدگی" value={data ? fa(data.openOrderCount) : '…'} hint="پرداخت‌شده یا در حال آماده‌سازی" to="/admin/orders?status=paid" />
        <Stat label="کل سفارش‌ها" value={data ? fa(data.orderCount) : '…'} to="/admin/orders" />
        <Stat label="محصولات" value={data ? fa(data.productCount) : '…'} hint={data ? `${fa(data.outOfStockCount)} ناموجود` : undefined} to="/admin/show-product" />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="sm">موجودی رو به اتمام</Title>
        <DataTable minWidth={420}>
          <Table.Thead>
            <Table.Tr><Table.Th w={60}>تصویر</Table.Th><Table.Th>محصول</Table.Th><Table.Th w={110}>موجودی</Table.Th><Table.Th w={90}></Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!data?.lowStock.length ? <EmptyRow colSpan={4} loading={loading} /> : data.lowStock.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.thumbUri ? <img src={imgSrc(p.thumbUri)} alt="" width={36} height={36} style={{ objectFit: 'cover', borderRadius: 6 }} /> : '—'}</Table.Td>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td>{p.stock === 0 ? <Badge color="red" variant="light">ناموجود</Badge> : <Badge color="orange" variant="light">{fa(p.stock)} عدد</Badge>}</Table.Td>
                <Table.Td><Button size="compact-sm" variant="subtle" component={Link} to={`/admin/edit-product/${p.id}`}>ویرایش</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </Paper>
    </Stack>
  );
}
