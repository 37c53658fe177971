import { describe, expect, it } from 'vitest';
import { mmss, normalizeLocalMobile } from './format';
import { safeNext } from './session';

describe('normalizeLocalMobile', () => {
  it('accepts 10 digits after 98, Persian or Latin, with or without a leading 0', () => {
    expect(normalizeLocalMobile('9121234567')).toBe('9121234567');
    expect(normalizeLocalMobile('۰۹۱۲۱۲۳۴۵۶۷')).toBe('9121234567');
    expect(normalizeLocalMobile('۹۱۲ ۱۲۳ ۴۵۶۷')).toBe('9121234567');
  });
  it('refuses what is not a mobile', () => {
    expect(normalizeLocalMobile('912123456')).toBeNull();
    expect(normalizeLocalMobile('2112345678')).toBeNull();
    expect(normalizeLocalMobile('')).toBeNull();
  });
});

describe('mmss', () => {
  it('shows the countdown as mm:ss in Persian digits', () => {
    expect(mmss(120)).toBe('۰۲:۰۰');
    expect(mmss(65)).toBe('۰۱:۰۵');
    expect(mmss(0)).toBe('۰۰:۰۰');
  });
});

describe('safeNext', () => {
  it('keeps same-site paths and drops anything else', () => {
    expect(safeNext('/profile/order?page=2')).toBe('/profile/order?page=2');
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null, '/profile/dashboard')).toBe('/profile/dashboard');
  });
});
