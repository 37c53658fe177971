import { useEffect, useMemo, useRef, useState } from 'react';
import { moveThumb, normaliseRange, percentOf, stepTowards, wheelNudge, type RangeRules } from './range';

/** What a slider writes of its rules and range, as text: its bounds, each thumb's value, label and place, the bar's end. */
export interface SliderTexts { min: string; max: string; now: [string, string]; text: [string, string]; at: [string, string]; end: string }

/** A number's text where React's types ask for the number (React writes a number as its text). */
const asNumber = (text: string) => text as unknown as number;

/** The texts a slider writes for `range` within `rules`, its values' labels by `format`. */
export function sliderTexts(range: [number, number], rules: RangeRules, format: (n: number) => string): SliderTexts {
  const [lo, hi] = [percentOf(range[0], rules), percentOf(range[1], rules)];
  return {
    min: String(rules.min), max: String(rules.max), now: [String(range[0]), String(range[1])], text: [format(range[0]), format(range[1])],
    at: [String(lo), String(hi)], end: String(100 - hi),
  };
}

/**
 * Two-thumb range slider (spec sections 5 and 9): pointer drag snapping to the step, a click on the
 * bar moves the nearest thumb one step, arrow keys move the focused thumb, Shift/Ctrl + wheel nudges,
 * disabled ignores all.
 * `onChange` fires (debounced 20 ms) while moving; `onCommit` when a gesture ends. `texts`, when given, are written
 * in place of those of the range (a template's marks, on the server: features/catalog/panel-markup.server.tsx).
 */
export function RangeSlider({
  rules, value, onChange, onCommit, disabled = false, format, labels, texts,
}: {
  rules: RangeRules;
  value: [number, number];
  onChange?: (v: [number, number]) => void;
  onCommit?: (v: [number, number]) => void;
  disabled?: boolean;
  format: (n: number) => string;
  labels: [string, string];
  texts?: SliderTexts;
}) {
  const [range, setRange] = useState<[number, number]>(() => normaliseRange(value[0], value[1], rules));
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<0 | 1 | null>(null);
  const latest = useRef(range);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The effects depend on the rules' numbers, not on the object (a parent may pass a new one each render).
  const { min, max, step, allowEqual } = rules;
  const sameRules = useMemo<RangeRules>(() => ({ min, max, step, allowEqual }), [min, max, step, allowEqual]);
  const [from, to] = value;
  useEffect(() => {
    const next = normaliseRange(from, to, sameRules);
    latest.current = next;
    setRange(next);
  }, [from, to, sameRules]);

  const update = (next: [number, number]) => {
    latest.current = next;
    setRange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange?.(next), 20);
  };
  const valueAt = (clientX: number) => {
    const rect = track.current!.getBoundingClientRect();
    const rtl = getComputedStyle(track.current!).direction === 'rtl';
    let ratio = (clientX - rect.left) / rect.width;
    if (rtl) ratio = 1 - ratio;
    return rules.min + Math.min(1, Math.max(0, ratio)) * (rules.max - rules.min);
  };

  const onThumbDown = (thumb: 0 | 1) => (e: React.PointerEvent) => {
    if (disabled) return;
    e.stopPropagation();
    drag.current = thumb;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onMove = (e: React.PointerEvent) => {
    if (disabled || drag.current === null) return;
    update(moveThumb(drag.current, valueAt(e.clientX), latest.current, rules));
  };
  const onUp = () => {
    if (drag.current === null) return;
    drag.current = null;
    onCommit?.(latest.current);
  };
  const onBarDown = (e: React.PointerEvent) => {
    if (disabled) return;
    const next = stepTowards(valueAt(e.clientX), latest.current, rules);
    update(next);
    onCommit?.(next);
  };
  // Wheel with Shift/Ctrl nudges the thumbs; the change is reported 100 ms after the last tick.
  const wheelTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (disabled) return;
      const next = wheelNudge(latest.current, e.deltaY, { shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey }, sameRules);
      if (!next) return;
      e.preventDefault();
      latest.current = next;
      setRange(next);
      clearTimeout(wheelTimer.current);
      wheelTimer.current = setTimeout(() => onCommit?.(latest.current), 100);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [disabled, sameRules, onCommit]);
  const onKey = (thumb: 0 | 1) => (e: React.KeyboardEvent) => {
    if (disabled) return;
    const delta = { ArrowLeft: 1, ArrowDown: -1, ArrowRight: -1, ArrowUp: 1, PageUp: 4, PageDown: -4 }[e.key];
    // In right-to-left the left arrow moves towards larger values (the reading end).
    if (delta === undefined && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const target = e.key === 'Home' ? rules.min : e.key === 'End' ? rules.max : latest.current[thumb] + delta! * rules.step;
    const next = moveThumb(thumb, target, latest.current, rules);
    update(next);
    onCommit?.(next);
  };

  const written = texts ?? sliderTexts(range, rules, format);
  const thumb = 'absolute top-1/2 size-5 -translate-y-1/2 rounded-full border-2 border-brand-600 bg-white shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-200 touch-none rtl:translate-x-1/2 ltr:-translate-x-1/2';
  return (
    <div className={disabled ? 'pointer-events-none opacity-50' : ''} aria-disabled={disabled || undefined}>
      <div ref={track} className="relative mx-2.5 h-8 cursor-pointer touch-none" onPointerDown={onBarDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp}>
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-200" />
        <div className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-500" style={{ insetInlineStart: `${written.at[0]}%`, insetInlineEnd: `${written.end}%` }} />
        {([0, 1] as const).map((t) => (
          <span
            key={t}
            role="slider"
            tabIndex={disabled ? -1 : 0}
            aria-label={labels[t]}
            aria-valuemin={asNumber(written.min)}
            aria-valuemax={asNumber(written.max)}
            aria-valuenow={asNumber(written.now[t])}
            aria-valuetext={written.text[t]}
            className={thumb}
            style={{ insetInlineStart: `${written.at[t]}%` }}
            onPointerDown={onThumbDown(t)}
            onKeyDown={onKey(t)}
          />
        ))}
      </div>
      <div className="mt-2 flex justify-between text-xs text-gray-600">
        <span><span className="text-gray-600">{labels[0]}: </span>{written.text[0]}</span>
        <span><span className="text-gray-600">{labels[1]}: </span>{written.text[1]}</span>
      </div>
    </div>
  );
}
