import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { localMobile, parseEnamadSeal, SMS_TEMPLATE_LABELS, toLatinDigits, type SmsSettings, type SmsTemplates, type StoreSettings } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useSave } from '../../features/admin/use-save';
import { stopIfBlank } from '../../lib/required';
import { FaNumberInput, fa, PageTitle, useKeptCaret } from '../../features/admin/ui';

export default function SettingsPage() {
  const { data } = useApi('GET /Settings', {});
  const [f, setF] = useState<StoreSettings | null>(null);
  const { busy, errors, setErrors, save } = useSave();
  const [pasted, setPasted] = useState('');
  // Digits typed Latin are shown Persian one for one: the caret stays where it was typed.
  const phoneCaret = useKeptCaret(/[\s\S]/);
  useEffect(() => { if (data) setF(data); }, [data]);
  if (!f) return <Text c="dimmed">در حال بارگذاری…</Text>;
  const text = (k: 'storeName' | 'tagline' | 'phone' | 'email' | 'address' | 'workingHours' | 'about' | 'enamadId' | 'enamadCode') => ({
    value: f[k], error: errors[k], onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setF({ ...f, [k]: e.currentTarget.value }),
  });
  return (
    <>
      <PageTitle>تنظیمات فروشگاه</PageTitle>
      <form noValidate onSubmit={async (e) => {
        e.preventDefault();
        if (stopIfBlank(e.currentTarget, { storeName: [f.storeName, 'نام فروشگاه'], phone: [f.phone, 'تلفن'] }, setErrors)) return;
        const saved = await save('PUT /Settings', { body: f }, { success: 'تنظیمات ذخیره شد' });
        if (saved.success) setF(saved.data);
      }}>
        <Stack maw={900}>
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="sm">اطلاعات فروشگاه</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="نام فروشگاه" required {...text('storeName')} />
              <TextInput label="شعار" {...text('tagline')} />
              {/* Shown in Persian digits as the storefront writes it, kept with Latin ones (the tel: links read them). */}
              <TextInput label="تلفن" required dir="ltr" inputMode="tel" styles={{ input: { textAlign: 'right' } }} {...text('phone')} value={fa(f.phone)}
                ref={phoneCaret.ref} onChange={(e) => { phoneCaret.onTyped(e.currentTarget); setF({ ...f, phone: toLatinDigits(e.currentTarget.value) }); }} />
              <TextInput label="ایمیل" dir="ltr" {...text('email')} />
              <TextInput label="ساعت کاری" {...text('workingHours')} />
            </SimpleGrid>
            <Textarea label="نشانی" mt="sm" autosize minRows={2} {...text('address')} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="sm">ارسال</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FaNumberInput label="هزینه ارسال (تومان)" value={String(f.shippingFee)} onChange={(v) => setF({ ...f, shippingFee: Number(v || 0) })} error={errors.shippingFee} />
              <FaNumberInput label="ارسال رایگان برای سفارش‌های بالای (تومان)" value={String(f.freeShippingThreshold)} onChange={(v) => setF({ ...f, freeShippingThreshold: Number(v || 0) })} error={errors.freeShippingThreshold} />
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="xs">هزینه ارسال بالا برآورد سبد خرید است؛ هزینه هر روش در <Anchor component={Link} to="/admin/shipping" size="xs" underline="always">روش‌های ارسال</Anchor> تعیین می‌شود.</Text>
            <Switch mt="sm" label="پرداخت در محل" description="خریدار می‌تواند بدون درگاه سفارش دهد و هنگام تحویل بپردازد" checked={f.codEnabled} onChange={(e) => setF({ ...f, codEnabled: e.currentTarget.checked })} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="sm">درباره ما و نماد اعتماد</Title>
            <Stack>
              <Textarea label="درباره ما" autosize minRows={3} {...text('about')} />
              {/* The seal is kept as its id and code; the storefront prints eNamad's link and image itself. */}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="شناسه نماد اعتماد (id)" dir="ltr" inputMode="numeric" placeholder="123456" {...text('enamadId')} />
                <TextInput label="کد نماد اعتماد (Code)" dir="ltr" placeholder="AbCd1234" {...text('enamadCode')} />
              </SimpleGrid>
              <Textarea label="یا کد HTML نماد را بچسبانید" description="فقط شناسه و کد از آن برداشته می‌شود؛ خود HTML ذخیره نمی‌شود." dir="ltr" autosize minRows={2}
                value={pasted} error={pasted && !parseEnamadSeal(pasted) ? 'پیوند نماد (trustseal.enamad.ir با id و Code) در این کد پیدا نشد' : undefined}
                onChange={(e) => {
                  const html = e.currentTarget.value;
                  setPasted(html);
                  const seal = parseEnamadSeal(html);
                  if (seal) setF({ ...f, ...seal });
                }} />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h5">پرسش‌های متداول ({fa(f.faq.length)})</Title>
              <Button size="xs" variant="light" onClick={() => setF({ ...f, faq: [...f.faq, { question: '', answer: '' }] })}>افزودن پرسش</Button>
            </Group>
            <Stack>
              {f.faq.length === 0 && <Text c="dimmed" size="sm">موردی وجود ندارد</Text>}
              {f.faq.map((q, i) => (
                <Group key={i} align="flex-start" wrap="nowrap">
                  <Stack gap={6} style={{ flex: 1 }}>
                    <TextInput placeholder="پرسش" aria-label={`پرسش ${fa(i + 1)}`} value={q.question} error={errors[`faq.${i}.question`]}
                      onChange={(e) => setF({ ...f, faq: f.faq.map((x, j) => (j === i ? { ...x, question: e.currentTarget.value } : x)) })} />
                    <Textarea placeholder="پاسخ" aria-label={`پاسخ ${fa(i + 1)}`} autosize minRows={2} value={q.answer} error={errors[`faq.${i}.answer`]}
                      onChange={(e) => setF({ ...f, faq: f.faq.map((x, j) => (j === i ? { ...x, answer: e.currentTarget.value } : x)) })} />
                  </Stack>
                  <ActionIcon color="red" variant="subtle" aria-label="حذف پرسش" onClick={() => setF({ ...f, faq: f.faq.filter((_, j) => j !== i) })}>×</ActionIcon>
                </Group>
              ))}
            </Stack>
          </Paper>
          <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره تنظیمات</Button></Group>
        </Stack>
      </form>
      <SmsSettingsForm />
    </>
  );
}

/** The SMS templates and the owner's mobile: saved apart (admin-only keys, never in the public settings). */
function SmsSettingsForm() {
  const { data } = useApi('GET /Settings/Sms', {});
  const [f, setF] = useState<SmsSettings | null>(null);
  const { busy, errors, save } = useSave();
  useEffect(() => { if (data) setF({ ...data, ownerMobile: localMobile(data.ownerMobile) }); }, [data]);
  if (!f) return null;
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      const saved = await save('PUT /Settings/Sms', { body: f }, { success: 'پیامک‌ها ذخیره شد' });
      if (saved.success) setF({ ...saved.data, ownerMobile: localMobile(saved.data.ownerMobile) });
    }}>
      <Stack maw={900} mt="md">
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="xs">پیامک‌های سفارش</Title>
          <Text size="sm" c="dimmed" mb="sm">
            در متن‌ها می‌توانید از {'{name}'} (نام گیرنده)، {'{order}'} (شماره سفارش)، {'{total}'} (مبلغ به تومان)، {'{tracking}'} (کد رهگیری)، {'{amount}'} (مبلغ بازپرداخت)، {'{product}'} (نام کالا) و {'{link}'} (نشانی کالا) استفاده کنید.
          </Text>
          <Stack>
            <TextInput label="موبایل مدیر فروشگاه" description="پیامک سفارش جدید به این شماره می‌رود؛ اگر خالی باشد، به تلفن فروشگاه در صورتی که موبایل باشد."
              dir="ltr" inputMode="tel" placeholder="۰۹۱۲۱۲۳۴۵۶۷" w={{ base: '100%', sm: 320 }} value={fa(f.ownerMobile)} error={errors.ownerMobile}
              onChange={(e) => setF({ ...f, ownerMobile: e.currentTarget.value })} />
            {(Object.keys(SMS_TEMPLATE_LABELS) as (keyof SmsTemplates)[]).map((k) => (
              <Textarea key={k} label={SMS_TEMPLATE_LABELS[k]} autosize minRows={2} value={f.templates[k]} error={errors[`templates.${k}`]}
                onChange={(e) => setF({ ...f, templates: { ...f.templates, [k]: e.currentTarget.value } })} />
            ))}
          </Stack>
        </Paper>
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره پیامک‌ها</Button></Group>
      </Stack>
    </form>
  );
}
