/** Rules of the range slider (spec sections 5 and 9), kept apart from the DOM so they can be tested. */
export interface RangeRules {
  min: number;
  max: number;
  step: number;
  /** Thumbs may sit on the same value (otherwise they keep at least one step apart). */
  allowEqual?: boolean;
}

export const RANGE_ERROR = 'maxValue is less than minValue';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Snaps a value to the step grid that starts at min. */
export function snap(value: number, rules: RangeRules): number {
  const steps = Math.round((value - rules.min) / rules.step);
  return rules.min + steps * rules.step;
}

/**
 * Normalises a pair of thumb values: both clamped into [min, max] and snapped; the upper never
 * below the lower; a lower that is not below the upper pushes the upper one step up; the thumbs keep
 * one step apart unless allowEqual. Throws 'maxValue is less than minValue' when no valid pair remains.
 */
export function normaliseRange(lower: number, upper: number, rules: RangeRules): [number, number] {
  const { min, max, step } = rules;
  if (!(max >= min) || !(step > 0)) throw new Error(RANGE_ERROR);
  let lo = clamp(snap(lower, rules), min, max);
  let hi = clamp(snap(upper, rules), min, max);
  if (hi < lo) hi = lo;
  if (!rules.allowEqual && hi - lo < step) {
    hi = Math.min(max, lo + step);
    if (hi - lo < step) lo = Math.max(min, hi - step);
  }
  if (hi < lo) throw new Error(RANGE_ERROR);
  return [lo, hi];
}

/** Moves one thumb to a value without crossing the other one. */
export function moveThumb(thumb: 0 | 1, value: number, [lower, upper]: [number, number], rules: RangeRules): [number, number] {
  const gap = rules.allowEqual ? 0 : rules.step;
  const v = clamp(snap(value, rules), rules.min, rules.max);
  if (thumb === 0) return normaliseRange(Math.min(v, upper - gap), upper, rules);
  return normaliseRange(lower, Math.max(v, lower + gap), rules);
}

/** The thumb nearest to a value (the upper one when the value is past it or on a tie to its side). */
export function nearestThumb(value: number, [lower, upper]: [number, number]): 0 | 1 {
  if (value <= lower) return 0;
  if (value >= upper) return 1;
  return value - lower < upper - value ? 0 : 1;
}

/** A click on the bar moves the nearest thumb one step towards the click. */
export function stepTowards(value: number, range: [number, number], rules: RangeRules): [number, number] {
  const thumb = nearestThumb(value, range);
  const current = range[thumb];
  if (value === current) return range;
  return moveThumb(thumb, current + (value > current ? rules.step : -rules.step), range, rules);
}

/** A step that reads well for a price range: 1, 2 or 5 × a power of ten, about span/40. */
export function niceStep(span: number, parts = 40): number {
  if (!(span > 0)) return 1;
  const raw = span / parts;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * pow;
}

/** Position of a value along the track, 0–100. */
export function percentOf(value: number, rules: RangeRules): number {
  return rules.max === rules.min ? 0 : ((value - rules.min) / (rules.max - rules.min)) * 100;
}

/**
 * Wheel nudging (spec section 9): only with Shift (lower thumb), Ctrl (upper) or both (the whole
 * range); one tick moves 1/100 of the span, at least one step, and never more than one move per tick.
 * Answers null when the wheel should scroll the page instead.
 */
export function wheelNudge(range: [number, number], deltaY: number, keys: { shift: boolean; ctrl: boolean }, rules: RangeRules): [number, number] | null {
  if ((!keys.shift && !keys.ctrl) || deltaY === 0) return null;
  const amount = Math.max(rules.step, snap(rules.min + (rules.max - rules.min) / 100, rules) - rules.min) * (deltaY < 0 ? 1 : -1);
  const [lo, hi] = range;
  if (keys.shift && keys.ctrl) {
    const shift = amount > 0 ? Math.min(amount, rules.max - hi) : Math.max(amount, rules.min - lo);
    return normaliseRange(lo + shift, hi + shift, rules);
  }
  return moveThumb(keys.shift ? 0 : 1, (keys.shift ? lo : hi) + amount, range, rules);
}
