import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_PAGE_SIZE, AUDIT_ENTITY_LABELS, AUDIT_VERB_LABELS, formatJalaliDateTime, parseJalaliDate, type AuditEntry } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';

const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? 'سایر';
const verbLabel = (action: string) => AUDIT_VERB_LABELS[action.slice(action.lastIndexOf('.') + 1)] ?? 'تغییر';
const DATE_HINT = 'تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید';

/** What changed, folded away: the recorded data is the fields of the change as the API names them. */
function Details({ entry }: { entry: AuditEntry }) {
  if (entry.data === null || entry.data === undefined) return <Text size="xs" c="dimmed">—</Text>;
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)' }}>نمایش</summary>
      <Code block dir="ltr" style={{ maxWidth: 280, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(entry.data, null, 1)}</Code>
    </details>
  );
}

/** The owner's log of every admin change: who, what and when, filtered by user, section and Jalali days (?userId=&entity=&fromJ=&toJ=&page=). */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const userId = params.get('userId') ?? '';
  const entity = params.get('entity') ?? '';
  const [fromText, setFromText] = useState(params.get('fromJ') ?? '');
  const [toText, setToText] = useState(params.get('toJ') ?? '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const from = params.get('fromJ') ?? undefined;
  const to = params.get('toJ') ?? undefined;
  const facets = useApi('GET /Audit/Facets', {});
  const { data, loading, error } = useApi('GET /Audit', { query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: page, userId: userId || undefined, entity: entity || undefined, from, to } });
  const rows = data?.data ?? [];
  const update = (patch: Record<string, string>) => {
    const next = { userId, entity, fromJ: params.get('fromJ') ?? '', toJ: params.get('toJ') ?? '', page: '', ...patch };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  const applyDates = () => {
    const f = fromText.trim() ? parseJalaliDate(fromText) : '';
    const t = toText.trim() ? parseJalaliDate(toText) : '';
    const next = { ...(f === null ? { from: DATE_HINT } : {}), ...(t === null ? { to: DATE_HINT } : {}) };
    if (!next.from && !next.to && f && t && f > t) next.to = '«تا تاریخ» نباید پیش از «از تاریخ» باشد';
    setErrors(next);
    if (!next.from && !next.to) update({ fromJ: fromText.trim(), toJ: toText.trim() });
  };

  return (
    <>
      <PageTitle>گزارش تغییرات</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-start" wrap="wrap" gap="sm">
            <Select label="کاربر" w={170} clearable placeholder="همه" value={userId || null}
              data={(facets.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.name }))} onChange={(v) => update({ userId: v ?? '' })} />
            <Select label="بخش" w={140} clearable placeholder="همه" value={entity || null}
              data={(facets.data?.entities ?? []).map((e) => ({ value: e, label: entityLabel(e) }))} onChange={(v) => update({ entity: v ?? '' })} />
            <TextInput label="از تاریخ" w={120} placeholder="۱۴۰۵/۰۹/۰۱" value={fa(fromText)} error={errors.from}
              onChange={(e) => setFromText(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && applyDates()} />
            <TextInput label="تا تاریخ" w={120} placeholder="۱۴۰۵/۰۹/۳۰" value={fa(toText)} error={errors.to}
              onChange={(e) => setToText(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && applyDates()} />
            <Button variant="light" mt={25} onClick={applyDates}>اعمال تاریخ</Button>
            {(userId || entity || from || to) && (
              <Button variant="subtle" color="gray" mt={25} onClick={() => { setFromText(''); setToText(''); setErrors({}); setParams({}); }}>حذف فیلترها</Button>
            )}
          </Group>
          {error && <Text c="red.9" size="sm">{error}</Text>}
          {data && <Text size="sm" c="dimmed">{fa(data.totalCount)} تغییر</Text>}
          <AdminTable minWidth={820} rows={rows} loading={loading && !data} rowTestId={(e) => `audit-${e.id}`} columns={[
            rowNumber((page - 1) * ADMIN_PAGE_SIZE),
            { head: 'زمان', w: 150, cell: (e) => <Text size="sm">{formatJalaliDateTime(e.createdAt)}</Text> },
            { head: 'کاربر', cell: (e) => e.userName ?? <Text size="sm" c="dimmed">سامانه</Text> },
            { head: 'بخش', w: 120, cell: (e) => <Badge variant="outline" color="brand.9">{entityLabel(e.entity)}</Badge> },
            { head: 'کار', w: 130, cell: (e) => verbLabel(e.action) },
            { head: 'شناسه', w: 80, cell: (e) => (e.entityId === null ? '—' : fa(e.entityId)) },
            { head: 'جزئیات', w: 110, cell: (e) => <Details entry={e} /> },
          ]} pager={{ page, totalCount: data?.totalCount ?? 0, onChange: (n) => update({ page: String(n) }) }} />
        </Stack>
      </Paper>
    </>
  );
}
