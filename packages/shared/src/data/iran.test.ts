import { describe, expect, it } from 'vitest';
import { AddressFormSchema } from '../schemas/customers.js';
import { IRAN_PROVINCES, isIranProvince, listedCity, provinceOfCapital } from './iran.js';

const tehran = IRAN_PROVINCES.find((p) => p.name === 'تهران')!;
const all = IRAN_PROVINCES.flatMap((p) => p.cities as readonly string[]);

describe('IRAN_PROVINCES', () => {
  it('has the 31 provinces with their ids 1–31 and distinct names', () => {
    expect(IRAN_PROVINCES).toHaveLength(31);
    expect(IRAN_PROVINCES.map((p) => p.id)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(new Set(IRAN_PROVINCES.map((p) => p.name)).size).toBe(31);
  });

  it('gives every province its cities, at least 1,100 in all, none twice in a province', () => {
    for (const p of IRAN_PROVINCES) {
      expect(p.cities.length, p.name).toBeGreaterThanOrEqual(5);
      expect(new Set(p.cities).size, p.name).toBe(p.cities.length);
    }
    expect(all.length).toBeGreaterThanOrEqual(1100);
  });

  it('lists Andisheh, Nasimshahr, Kahrizak, Baqershahr and Salehieh in Tehran province, the capital first', () => {
    expect(tehran.cities[0]).toBe('تهران');
    for (const c of ['اندیشه', 'نسیم‌شهر', 'کهریزک', 'باقرشهر', 'صالحیه']) expect(tehran.cities).toContain(c);
  });

  it('writes every name in normalised Persian: no Arabic ي/ك, no outer or double spaces, no digits', () => {
    for (const name of [...IRAN_PROVINCES.map((p) => p.name), ...all]) {
      expect(name, name).not.toMatch(/[يكى]/);
      expect(name, name).toBe(name.trim());
      expect(name, name).not.toMatch(/\s{2}|\u200c\s|\s\u200c|\u200c{2}/);
      expect(name, name).not.toMatch(/[0-9۰-۹٠-٩]/);
      expect(name, name).toMatch(/^[\p{Script=Arabic}\u200c ()]+$/u);
    }
  });

  it('sorts each province after its capital in Persian alphabetical order', () => {
    const fa = new Intl.Collator('fa');
    for (const p of IRAN_PROVINCES) {
      const rest = p.cities.slice(1);
      expect(rest, p.name).toEqual([...rest].sort(fa.compare));
    }
  });
});

describe('place helpers', () => {
  it('knows the 31 provinces only', () => {
    expect(isIranProvince('فارس')).toBe(true);
    expect(isIranProvince('استان ناموجود')).toBe(false);
  });

  it('finds the listed spelling of a city typed with a space or Arabic letters', () => {
    expect(listedCity('تهران', 'نسیم شهر')).toBe('نسیم‌شهر');
    expect(listedCity('مازندران', 'قايم شهر')).toBe('قائم‌شهر');
    expect(listedCity('تهران', 'روستای ناموجود')).toBeUndefined();
    expect(listedCity('تهران', ' ')).toBeUndefined();
  });

  it('names the province of a provincial centre', () => {
    expect(provinceOfCapital('شیراز')).toBe('فارس');
    expect(provinceOfCapital('خرم آباد')).toBe('لرستان');
    expect(provinceOfCapital('کهریزک')).toBeUndefined();
  });
});

describe('AddressFormSchema city', () => {
  const base = { firstname: 'مریم', lastname: 'احمدی', province: 'تهران', address: 'خیابان ولیعصر', postalCode: '1234567890', mobile: '09121234567' };
  const city = (c: unknown) => AddressFormSchema.safeParse({ ...base, city: c });

  it('accepts a listed city and a village the list does not have, as Persian text', () => {
    expect(city('کهریزک').success).toBe(true);
    const village = city('  روستای  حسن‌آباد  ');
    expect(village.success && village.data.city).toBe('روستای حسن‌آباد');
    expect(city('كلاته').success && city('كلاته').data?.city).toBe('کلاته');
  });

  it('refuses an empty name, Latin letters and more than 50 characters', () => {
    expect(city('').error?.issues[0]?.message).toBe('شهر الزامی است');
    expect(city('Tehran').error?.issues[0]?.message).toBe('شهر را با حروف فارسی بنویسید');
    expect(city('۱۲۳').success).toBe(false);
    expect(city('د'.repeat(51)).success).toBe(false);
  });
});
