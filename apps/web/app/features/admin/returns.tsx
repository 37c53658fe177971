import { Link } from 'react-router';
import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { formatJalaliDateTime, RETURN_STATUS_LABELS, type ReturnStatus } from '@sorkhab/shared';
import { useApi } from './api';
import { fa } from './ui';

const RETURN_STATUS_COLORS: Record<ReturnStatus, string> = { requested: 'yellow', approved: 'blue', rejected: 'red', refunded: 'teal' };

export const ReturnBadge = ({ status }: { status: ReturnStatus }) =>
  <Badge variant="light" color={RETURN_STATUS_COLORS[status]}>{RETURN_STATUS_LABELS[status]}</Badge>;

/** The return requests of one order, on the admin's order page. */
export function OrderReturns({ orderId }: { orderId: number }) {
  const { data } = useApi('GET /Return/Admin', { query: { orderId, pageSize: 50 } });
  if (!data?.data.length) return null;
  return (
    <Paper withBorder p="md" mt="md" data-testid="order-returns">
      <Title order={2} size="h5" mb="sm">درخواست‌های مرجوعی</Title>
      <Stack gap="xs">
        {data.data.map((r) => (
          <Stack key={r.id} gap={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', paddingBottom: 8 }}>
            <Text size="sm"><ReturnBadge status={r.status} /> {formatJalaliDateTime(r.createdAt)}، {r.reasonLabel}، {fa(r.items.reduce((s, i) => s + i.quantity, 0))} عدد</Text>
            <Button size="compact-sm" variant="subtle" w="fit-content" component={Link} to={`/admin/returns/${r.id}`}>بررسی درخواست</Button>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
