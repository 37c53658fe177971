import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_PAGE_SIZE, formatJalaliDateTime, MODERATION_STATUS_LABELS, MODERATION_STATUSES, toLatinDigits, type ModerationStatus } from '@sorkhab/shared';
import { fa, PageTitle, Pager } from './ui';

const COLORS: Record<ModerationStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };
const ModerationBadge = ({ status }: { status: ModerationStatus }) =>
  <Badge variant="light" color={COLORS[status]}>{MODERATION_STATUS_LABELS[status]}</Badge>;

/** A review's or a question's first line: its status, its product (a link to its page) and when it was written. */
export function ModerationHeader({ item }: { item: { status: ModerationStatus; productId: number; productTitle: string; createdAt: string } }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="wrap">
        <ModerationBadge status={item.status} />
        <Anchor component={Link} to={`/product/${item.productId}`} target="_blank" size="sm" fw={700}>{item.productTitle}</Anchor>
      </Group>
      <Text size="xs" c="dimmed">{formatJalaliDateTime(item.createdAt)}</Text>
    </Group>
  );
}

/** The filters of a moderation list, kept in the URL (?status=&productId=&page=). */
export function useModerationFilter() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = MODERATION_STATUSES.find((s) => s === params.get('status'));
  const productId = Number(params.get('productId')) || undefined;
  const set = (next: { status?: string | null; productId?: string; page?: number }) => {
    const merged = { status: status ?? '', productId: productId ? String(productId) : '', ...next, page: next.page ? String(next.page) : '' };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as Record<string, string>);
  };
  return { page, status, productId, set, query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: page, status, productId } };
}

/** A moderation page: title, filters (pending first when no status is chosen), the items as cards, the pager. */
export function ModerationPage({ title, noun, filter, totalCount, loading, children }: {
  title: string; noun: string; filter: ReturnType<typeof useModerationFilter>; totalCount: number | undefined; loading: boolean; children: ReactNode;
}) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end" gap="sm">
            <Select label="وضعیت" w={200} clearable placeholder="همه (در انتظار اول)" value={filter.status ?? null}
              data={MODERATION_STATUSES.map((s) => ({ value: s, label: MODERATION_STATUS_LABELS[s] }))} onChange={(v) => filter.set({ status: v })} />
            <TextInput label="شناسه محصول" w={160} inputMode="numeric" defaultValue={filter.productId ? fa(filter.productId) : ''}
              onBlur={(e) => filter.set({ productId: toLatinDigits(e.currentTarget.value).replace(/\D/g, '') })}
              onKeyDown={(e) => { if (e.key === 'Enter') filter.set({ productId: toLatinDigits(e.currentTarget.value).replace(/\D/g, '') }); }} />
          </Group>
          {totalCount !== undefined && <Text size="sm" c="dimmed">{fa(totalCount)} {noun}</Text>}
          {loading && totalCount === undefined && <Text size="sm" c="dimmed">در حال بارگذاری…</Text>}
          {totalCount === 0 && <Text size="sm" c="dimmed">نتیجه‌ای یافت نشد</Text>}
          {children}
          <Pager page={filter.page} totalCount={totalCount ?? 0} pageSize={ADMIN_PAGE_SIZE} onChange={(n) => filter.set({ page: n })} />
        </Stack>
      </Paper>
    </>
  );
}
