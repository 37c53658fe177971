import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';

export default function AdminNotFound() {
  return (
    <Stack align="center" py="xl">
      <Title order={1} size="h2">صفحه پیدا نشد</Title>
      <Text c="dimmed">این بخش در پنل مدیریت وجود ندارد.</Text>
      <Button component={Link} to="/admin">بازگشت به داشبورد</Button>
    </Stack>
  );
}
