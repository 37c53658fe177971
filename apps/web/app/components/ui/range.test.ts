import { describe, expect, it } from 'vitest';
import { PRICE_SLIDER } from '@sorkhab/shared';
import { moveThumb, nearestThumb, niceStep, normaliseRange, RANGE_ERROR, snap, stepTowards, wheelNudge } from './range';

const rules = { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max, step: PRICE_SLIDER.step };

describe('normaliseRange (spec section 5)', () => {
  it('keeps a valid pair as it is', () => {
    expect(normaliseRange(25, 75, rules)).toEqual([25, 75]);
  });
  it('clamps both values into min and max', () => {
    expect(normaliseRange(-20, 300, rules)).toEqual([0, 100]);
  });
  it('snaps to the step', () => {
    expect(normaliseRange(23, 77, rules)).toEqual([25, 75]);
    expect(snap(12, rules)).toBe(10);
  });
  it('never leaves the upper below the lower and pushes it one step up', () => {
    expect(normaliseRange(50, 20, rules)).toEqual([50, 55]);
    expect(normaliseRange(40, 40, rules)).toEqual([40, 45]);
  });
  it('keeps the thumbs one step apart at the top of the range', () => {
    expect(normaliseRange(100, 100, rules)).toEqual([95, 100]);
  });
  it('lets the thumbs meet when allowed', () => {
    expect(normaliseRange(40, 40, { ...rules, allowEqual: true })).toEqual([40, 40]);
    expect(normaliseRange(60, 30, { ...rules, allowEqual: true })).toEqual([60, 60]);
  });
  it("throws 'maxValue is less than minValue' when max is below min", () => {
    expect(() => normaliseRange(10, 20, { min: 100, max: 0, step: 5 })).toThrow(RANGE_ERROR);
    expect(RANGE_ERROR).toBe('maxValue is less than minValue');
  });
});

describe('moving thumbs', () => {
  it('stops the lower thumb one step below the upper', () => {
    expect(moveThumb(0, 90, [25, 75], rules)).toEqual([70, 75]);
  });
  it('stops the upper thumb one step above the lower', () => {
    expect(moveThumb(1, 0, [25, 75], rules)).toEqual([25, 30]);
  });
  it('moves the nearest thumb one step towards a click on the bar', () => {
    expect(nearestThumb(30, [25, 75])).toBe(0);
    expect(nearestThumb(70, [25, 75])).toBe(1);
    expect(stepTowards(40, [25, 75], rules)).toEqual([30, 75]);
    expect(stepTowards(95, [25, 75], rules)).toEqual([25, 80]);
    expect(stepTowards(5, [25, 75], rules)).toEqual([20, 75]);
  });
});

describe('niceStep', () => {
  it('rounds a fortieth of the span to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(2_000_000)).toBe(50_000);
    expect(niceStep(3_000_000)).toBe(100_000);
    expect(niceStep(100)).toBe(5);
  });
});

describe('wheelNudge (spec section 9)', () => {
  const wide = { min: 0, max: 1000, step: 5 };
  it('ignores the wheel without Shift or Ctrl', () => {
    expect(wheelNudge([250, 750], -100, { shift: false, ctrl: false }, wide)).toBeNull();
  });
  it('moves the lower thumb with Shift and the upper with Ctrl by 1/100 of the span', () => {
    expect(wheelNudge([250, 750], -100, { shift: true, ctrl: false }, wide)).toEqual([260, 750]);
    expect(wheelNudge([250, 750], 100, { shift: false, ctrl: true }, wide)).toEqual([250, 740]);
  });
  it('moves the whole range with both keys, stopping at the ends', () => {
    expect(wheelNudge([250, 750], -100, { shift: true, ctrl: true }, wide)).toEqual([260, 760]);
    expect(wheelNudge([250, 995], -100, { shift: true, ctrl: true }, wide)).toEqual([255, 1000]);
  });
  it('moves at least one step on a small span', () => {
    expect(wheelNudge([25, 75], -1, { shift: true, ctrl: false }, rules)).toEqual([30, 75]);
  });
});
