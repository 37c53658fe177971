import { listedCity, type ShippingOption } from '@sorkhab/shared';
import type { shippingMethods } from '../../db/schema/index.js';

export type MethodRow = typeof shippingMethods.$inferSelect;

/** Where the parcel goes, the cart's weight and what the shopper pays for the goods (after the discount). */
export interface Destination {
  province: string;
  city: string;
}
export interface Parcel {
  weightGrams: number;
  payable: number;
}

/** A typed city matches the listed one whatever its spelling (ی/ک, ZWNJ), as the address form normalises it. */
const sameCity = (province: string, a: string, b: string) => (listedCity(province, a) ?? a.trim()) === (listedCity(province, b) ?? b.trim());
const covers = (r: { province: string; city?: string }, to: Destination) =>
  r.province === to.province && (!r.city || sameCity(to.province, r.city, to.city));

/** Whether an active method delivers there: no regions means everywhere. */
export const reaches = (m: MethodRow, to: Destination) => m.isActive && (m.regions.length === 0 || m.regions.some((r) => covers(r, to)));

/**
 * The fee of one method (decision 021): pickup is free; an order reaching the free threshold (the method's own, or
 * the shop's) ships free; else the city's fee, or the province's, or the base fee, plus one step fee per started
 * weight step above the included weight.
 */
function feeOf(m: MethodRow, to: Destination, parcel: Parcel, shopThreshold: number): { fee: number; free: boolean } {
  if (m.carrier === 'pickup') return { fee: 0, free: false };
  if (parcel.payable >= (m.freeAbove ?? shopThreshold)) return { fee: 0, free: true };
  const city = m.feeOverrides.find((o) => o.city && covers(o, to));
  const province = m.feeOverrides.find((o) => !o.city && covers(o, to));
  const base = (city ?? province)?.fee ?? m.baseFee;
  const over = parcel.weightGrams - m.weightIncludedGrams;
  const steps = m.weightStepGrams > 0 && over > 0 ? Math.ceil(over / m.weightStepGrams) : 0;
  return { fee: base + steps * m.weightStepFee, free: false };
}

export const optionOf = (m: MethodRow, to: Destination, parcel: Parcel, shopThreshold: number): ShippingOption => ({
  id: m.id, name: m.name, carrier: m.carrier as ShippingOption['carrier'], estimate: m.estimate, ...feeOf(m, to, parcel, shopThreshold),
});
