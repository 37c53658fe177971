import { useState } from 'react';
import { Anchor, Box, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { StaffMe } from '@sorkhab/shared';
import { call, toastError } from './api';
import { useSave } from './use-save';
import { stopIfBlank } from '../../lib/required';

/** Admin login, and the change-password form it switches to (spec section 2, Admin). */
export function LoginScreen({ onLogin }: { onLogin: (user: StaffMe) => void }) {
  const [mode, setMode] = useState<'login' | 'password'>('login');
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
        <Stack gap={4} mb="lg" align="center">
          <Title order={1} size="h2" c="brand.7">سرخاب</Title>
          <Text c="dimmed" size="sm">{mode === 'login' ? 'ورود به پنل مدیریت فروشگاه' : 'تغییر رمز عبور'}</Text>
        </Stack>
        {mode === 'login'
          ? <LoginForm onLogin={onLogin} onSwitch={() => setMode('password')} />
          : <PasswordForm onDone={() => setMode('login')} />}
      </Card>
    </Center>
  );
}

function LoginForm({ onLogin, onSwitch }: { onLogin: (user: StaffMe) => void; onSwitch: () => void }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [blank, setBlank] = useState<Record<string, string>>({});
  return (
    <Box component="form" noValidate onSubmit={async (e) => {
      e.preventDefault();
      if (stopIfBlank(e.currentTarget, { userName: [userName, 'نام کاربری'], password: [password, 'رمز عبور'] }, setBlank)) return;
      setBlank({});
      setBusy(true);
      const res = await call('POST /User/Login', { body: { userName, password } }, { isAuth: true, silent: true });
      setBusy(false);
      if (res.success) onLogin(res.data.user);
      else toastError(res.error.message || 'ورود ناموفق بود', 'ورود ناموفق');
    }}>
      <Stack>
        <TextInput label="نام کاربری" name="username" autoComplete="username" required value={userName} onChange={(e) => setUserName(e.currentTarget.value)} error={blank.userName} />
        <PasswordInput label="رمز عبور" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={blank.password}
          visibilityToggleButtonProps={{ 'aria-label': 'نمایش یا پنهان کردن رمز عبور' }} />
        <Button type="submit" loading={busy} fullWidth>ورود</Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onSwitch}>تغییر رمز عبور</Anchor>
      </Stack>
    </Box>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const [f, setF] = useState({ username: '', currentPassword: '', password: '', repeatPassword: '' });
  const { busy, errors, setErrors, save } = useSave();
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value });
  return (
    <Box component="form" noValidate onSubmit={async (e) => {
      e.preventDefault();
      const blank = { username: [f.username, 'نام کاربری'], currentPassword: [f.currentPassword, 'رمز عبور فعلی'], password: [f.password, 'رمز عبور جدید'], repeatPassword: [f.repeatPassword, 'تکرار رمز عبور'] } as const;
      if (stopIfBlank(e.currentTarget, blank, setErrors)) return;
      const res = await save('PUT /User/UpdatePassword', { body: f }, { isAuth: true, success: 'رمز عبور تغییر کرد؛ با رمز جدید وارد شوید' });
      if (res.success) onDone();
    }}>
      <Stack>
        <TextInput label="نام کاربری" autoComplete="username" required value={f.username} onChange={set('username')} error={errors.username} />
        <PasswordInput label="رمز عبور فعلی" autoComplete="current-password" required value={f.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
        <PasswordInput label="رمز عبور جدید" autoComplete="new-password" required value={f.password} onChange={set('password')} error={errors.password} description="دست‌کم ۸ کاراکتر" />
        <PasswordInput label="تکرار رمز عبور جدید" autoComplete="new-password" required value={f.repeatPassword} onChange={set('repeatPassword')} error={errors.repeatPassword} />
        <Button type="submit" loading={busy} fullWidth>تغییر رمز عبور</Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onDone}>بازگشت به ورود</Anchor>
      </Stack>
    </Box>
  );
}
