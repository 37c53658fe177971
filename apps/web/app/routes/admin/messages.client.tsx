import { useSearchParams } from 'react-router';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZE, formatJalaliDateTime, JOB_STATUS_LABELS, JOB_STATUSES, localMobile, type JobStatus } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

/** Outlined in the darkest shade: the light badges' text is below 4.5:1 on their tint (axe's color-contrast). */
const COLORS: Record<JobStatus, string> = { queued: 'blue.9', running: 'grape.9', done: 'teal.9', failed: 'red.9' };

/** The SMS queue: failed and waiting messages with their last error, and a retry for a failed one (?status=&page=). */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = JOB_STATUSES.find((s) => s === params.get('status'));
  const { data, loading, reload } = useApi('GET /Job/Admin', { query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: page, status } });
  const { busy, save } = useSave();
  const rows = data?.data ?? [];
  return (
    <>
      <PageTitle actions={<Button variant="light" onClick={() => void reload()}>تازه‌سازی</Button>}>پیامک‌ها</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end">
            <Select label="وضعیت" w={200} clearable placeholder="همه" value={status ?? null}
              data={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
              onChange={(v) => setParams(v ? { status: v } : {})} />
          </Group>
          {data && <Text size="sm" c="dimmed">{fa(data.totalCount)} پیام</Text>}
          <AdminTable minWidth={900} rows={rows} loading={loading && !data} rowTestId={(j) => `job-${j.id}`} columns={[
            rowNumber((page - 1) * ADMIN_PAGE_SIZE),
            { head: 'گیرنده', w: 130, cell: (j) => (j.to ? <span dir="ltr">{fa(localMobile(j.to))}</span> : j.kind) },
            { head: 'متن پیام', cell: (j) => <Text size="sm">{j.text ?? '—'}</Text> },
            { head: 'وضعیت', w: 120, cell: (j) => <Badge variant="outline" color={COLORS[j.status]}>{j.statusLabel}</Badge> },
            { head: 'تلاش', w: 70, cell: (j) => `${fa(j.attempts)} از ${fa(j.maxAttempts)}` },
            { head: 'آخرین خطا', w: 200, cell: (j) => <Text size="xs" c="red.9" dir="auto">{j.lastError ?? ''}</Text> },
            { head: 'زمان ثبت', w: 150, cell: (j) => <Text size="sm">{formatJalaliDateTime(j.createdAt)}</Text> },
            { head: 'ارسال دوباره', w: 110, cell: (j) => j.status === 'failed' && (
              <Button size="compact-sm" variant="light" loading={busy} onClick={async () => {
                const res = await save('POST /Job/Retry', { body: { id: j.id } }, { success: 'پیام دوباره در صف ارسال قرار گرفت' });
                if (res.success) await reload();
              }}>ارسال دوباره</Button>
            ) },
          ]} pager={{ page, totalCount: data?.totalCount ?? 0, onChange: (n) => setParams({ ...(status ? { status } : {}), page: String(n) }) }} />
        </Stack>
      </Paper>
    </>
  );
}
