import { describe, expect, it } from 'vitest';
import { renderSms, SmsSettingsUpdateSchema, unknownPlaceholders } from './messages.js';

const values = { name: 'مریم احمدی', order: '۱۲۳۴۵۶۷۸', total: '۱٬۲۹۵٬۰۰۰ تومان', tracking: '' };

describe('SMS templates', () => {
  it('fills every known placeholder, however often it appears, and trims an empty end', () => {
    expect(renderSms('{name}، سفارش {order} ({total}) — {order} {tracking}', values)).toBe('مریم احمدی، سفارش ۱۲۳۴۵۶۷۸ (۱٬۲۹۵٬۰۰۰ تومان) — ۱۲۳۴۵۶۷۸');
  });

  it('names the placeholders it does not know', () => {
    expect(unknownPlaceholders('{name} {نام} {Total} {} {order}')).toEqual(['نام', 'Total', '']);
    expect(unknownPlaceholders('بدون جای‌نگهدار')).toEqual([]);
  });

  it('refuses a template with an unknown placeholder, naming it in Persian', () => {
    const r = SmsSettingsUpdateSchema.safeParse({ templates: { ownerPaid: 'سفارش {order} از {city}' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['templates', 'ownerPaid']);
    expect(r.error!.issues[0]!.message).toBe('جای‌نگهدار «{city}» در پیامک سفارش جدید به مدیر شناخته نیست؛ فقط {name}، {order}، {total}، {tracking}، {amount}، {product} و {link} مجازند');
  });

  it('reads the owner mobile in Persian digits, and an empty one as none', () => {
    expect(SmsSettingsUpdateSchema.parse({ ownerMobile: '۰۹۱۲۱۲۳۴۵۶۷' }).ownerMobile).toBe('989121234567');
    expect(SmsSettingsUpdateSchema.parse({ ownerMobile: ' ' }).ownerMobile).toBeNull();
    expect(SmsSettingsUpdateSchema.safeParse({ ownerMobile: '021-91001234' }).success).toBe(false);
  });
});
