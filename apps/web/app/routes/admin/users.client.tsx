import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Checkbox, Group, Modal, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, localMobile, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole, type User } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { useSession } from '../../features/admin/session';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';
import { stopIfBlank } from '../../lib/required';

type Action = { kind: 'edit' | 'reset'; user: User } | { kind: 'create' };

/** 98912… as ۰۹۱۲… for display. */
const showMobile = (m: string | null) => (m ? fa(localMobile(m)) : '—');

export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const { data, loading, reload } = useApi('GET /User', { query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: debounced ? 1 : page, search: debounced } });
  const [action, setAction] = useState<Action | null>(null);
  const me = useSession().user;
  // An order operator looks customers up here; only the owner manages users and staff (decision 020).
  const manages = me.permissions.includes('staff');
  const rows = data?.data ?? [];
  const done = () => { setAction(null); void reload(); };
  const del = useConfirmDelete({
    endpoint: 'DELETE /User', input: (u: User) => ({ query: { id: u.id } }), message: (u) => `کاربر «${u.username ?? u.mobile}» حذف شود؟`, onDeleted: () => void reload(),
    // A customer with orders is kept (the orders need their buyer) and deactivated instead.
    success: (r) => (r.deactivated ? 'این کاربر سفارش ثبت‌شده دارد؛ به جای حذف، غیرفعال شد' : 'کاربر حذف شد'),
  });

  return (
    <>
      <PageTitle actions={manages && <Button size="xs" onClick={() => setAction({ kind: 'create' })}>کاربر جدید</Button>}>
        {manages ? 'کاربران' : 'مشتریان'}
      </PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <TextInput placeholder="جستجو: نام کاربری، نام یا موبایل…" aria-label="جستجوی کاربر" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} maw="100%" />
          <AdminTable minWidth={660} rows={rows} loading={loading && !data} rowTestId={(u) => `user-row-${u.username ?? u.id}`} columns={[
            rowNumber(((data?.page ?? 1) - 1) * ADMIN_PAGE_SIZE),
            { head: 'نام کاربری', td: { dir: 'ltr', style: { textAlign: 'right' } }, cell: (u) => u.username ?? '—' },
            // First and last name in one column: with a column each, the table was 820 px wide and a tablet (768 px) had to scroll.
            { head: 'نام و نام خانوادگی', cell: (u) => [u.firstname, u.lastname].filter(Boolean).join(' ') || '—' },
            { head: 'موبایل', cell: (u) => showMobile(u.mobile) },
            { head: 'نقش', w: 140, cell: (u) => (u.role ? <Badge variant="outline" color="brand.9">{STAFF_ROLE_LABELS[u.role]}</Badge> : <Text size="sm" c="dimmed">مشتری</Text>) },
            { head: 'وضعیت', w: 90, cell: (u) => (u.isDisable ? <Badge color="gray" variant="light">غیرفعال</Badge> : <Badge color="teal" variant="light">فعال</Badge>) },
          ]} menu={manages ? (u) => ({ label: `عملیات ${u.username ?? u.id}`, items: [
            { label: 'ویرایش', onClick: () => setAction({ kind: 'edit', user: u }) },
            { label: 'بازنشانی رمز عبور', onClick: () => setAction({ kind: 'reset', user: u }) },
            { label: 'حذف', color: 'red', disabled: u.id === me.id, onClick: () => del.ask(u) },
          ] }) : undefined} pager={!debounced && { page, totalCount: data?.totalCount ?? 0, onChange: (n) => setParams({ page: String(n) }) }} />
        </Stack>
      </Paper>

      <Modal opened={action?.kind === 'edit' || action?.kind === 'create'} onClose={() => setAction(null)} centered size="lg"
        title={action?.kind === 'edit' ? `ویرایش ${action.user.username ?? ''}` : 'کاربر جدید'}>
        {(action?.kind === 'edit' || action?.kind === 'create') && <UserForm user={action.kind === 'edit' ? action.user : null} onDone={done} />}
      </Modal>
      <Modal opened={action?.kind === 'reset'} onClose={() => setAction(null)} centered title={`بازنشانی رمز عبور ${action?.kind === 'reset' ? action.user.username ?? '' : ''}`}>
        {action?.kind === 'reset' && <ResetForm user={action.user} onDone={done} />}
      </Modal>
      {del.modal}
    </>
  );
}

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const [f, setF] = useState({
    username: user?.username ?? '', firstname: user?.firstname ?? '', lastname: user?.lastname ?? '',
    mobile: user?.mobile ? localMobile(user.mobile) : '', email: user?.email ?? '', isAdmin: user?.isAdmin ?? false,
    isDisable: user?.isDisable ?? false, password: '', role: user?.role ?? null as StaffRole | null,
  });
  const { busy, errors, setErrors, save } = useSave();
  const text = (k: 'username' | 'firstname' | 'lastname' | 'mobile' | 'email') => ({
    value: f[k], error: errors[k], onChange: (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value }),
  });
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      const required: Record<string, readonly [unknown, string]> = {
        ...(user ? {} : { username: [f.username, 'نام کاربری'], password: [f.password, 'رمز عبور'] }),
        ...(f.isAdmin ? { role: [f.role, 'نقش'] } : {}),
      };
      if (stopIfBlank(e.currentTarget, required, setErrors)) return;
      const { password, isDisable, role, ...rest } = f;
      const fields = { ...rest, ...(rest.isAdmin && role ? { role } : {}) };
      const saved = user
        ? await save('PUT /User', { body: { id: user.id, ...fields, isDisable } }, { success: 'کاربر ذخیره شد' })
        : await save('POST /User', { body: { ...fields, password } }, { success: 'کاربر افزوده شد' });
      if (saved.success) onDone();
    }}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="نام کاربری" dir="ltr" required={!user} {...text('username')} />
          {!user && <PasswordInput label="رمز عبور" required description="دست‌کم ۸ کاراکتر" value={f.password} error={errors.password} onChange={(e) => setF({ ...f, password: e.currentTarget.value })} />}
          <TextInput label="نام" {...text('firstname')} />
          <TextInput label="نام خانوادگی" {...text('lastname')} />
          <TextInput label="موبایل" dir="ltr" placeholder="۰۹۱۲۱۲۳۴۵۶۷" {...text('mobile')} />
          <TextInput label="ایمیل" dir="ltr" {...text('email')} />
        </SimpleGrid>
        <Group>
          <Checkbox label="مدیر فروشگاه" checked={f.isAdmin} onChange={(e) => setF({ ...f, isAdmin: e.currentTarget.checked })} />
          {user && <Checkbox label="غیرفعال" checked={f.isDisable} onChange={(e) => setF({ ...f, isDisable: e.currentTarget.checked })} />}
        </Group>
        {f.isAdmin && (
          <Select label="نقش" required w={260} maw="100%" placeholder="انتخاب نقش" value={f.role} error={errors.role} allowDeselect={false}
            description="مدیر کل: همه‌چیز؛ اپراتور: سفارش‌ها و مشتریان؛ ویرایشگر: محصولات، دسته‌ها، برندها و گالری"
            data={STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }))}
            onChange={(v) => setF({ ...f, role: (v as StaffRole | null) ?? null })} />
        )}
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}

function ResetForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const { busy, errors, setErrors, save } = useSave();
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      if (stopIfBlank(e.currentTarget, { newPassword: [newPassword, 'رمز عبور جدید'], repeatPassword: [repeatPassword, 'تکرار رمز عبور'] }, setErrors)) return;
      const res = await save('PUT /User/ResetPassword', { body: { userId: user.id, newPassword, repeatPassword } }, { success: 'رمز عبور بازنشانی شد' });
      if (res.success) onDone();
    }}>
      <Stack>
        <PasswordInput label="رمز عبور جدید" required data-autofocus description="دست‌کم ۸ کاراکتر" value={newPassword} onChange={(e) => setNewPassword(e.currentTarget.value)} error={errors.newPassword} />
        <PasswordInput label="تکرار رمز عبور جدید" required value={repeatPassword} onChange={(e) => setRepeatPassword(e.currentTarget.value)} error={errors.repeatPassword} />
        <Group justify="flex-end"><Button type="submit" loading={busy}>بازنشانی</Button></Group>
      </Stack>
    </form>
  );
}
