import { useEffect, useRef, useState } from 'react';
import { toPersianDigits } from '@sorkhab/shared';
import { ChevronEnd, ChevronStart } from '../icons';
import { pageAt } from './carousel';

/**
 * The home slideshow: one slide per view, native swipe, and one bar of controls (previous, a dot per slide, next)
 * in the end corner from 640 px — the slide's caption sits at the start, so nothing covers it — and under the
 * slides on a phone. Arrow keys move it; slides out of view are inert once scripts run (not before: a page without
 * them stays usable).
 */
export function Slideshow({ label, slides }: { label: string; slides: React.ReactNode[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const el = track.current;
    if (!el) return;
    const onScroll = () => setIndex(pageAt(el.scrollLeft, el.clientWidth, slides.length));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [slides.length]);
  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    const n = (i + slides.length) % slides.length;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollTo({ left: (rtl ? -1 : 1) * n * el.clientWidth, behavior: 'smooth' });
    setIndex(n);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    // In right-to-left the next slide is to the left.
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    go(index + ((e.key === 'ArrowLeft') === rtl ? 1 : -1));
  };
  if (slides.length === 0) return null;
  const arrow = 'flex size-11 shrink-0 items-center justify-center rounded-full text-gray-800 hover:bg-white hover:text-brand-700 sm:size-9';
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div ref={track} id="slideshow-track" aria-live="polite" className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {slides.map((s, i) => (
          <div key={i} className="w-full shrink-0 snap-start" role="group" aria-roledescription="slide" aria-label={`${toPersianDigits(i + 1)} از ${toPersianDigits(slides.length)}`}
            inert={live && i !== index}>{s}</div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="mt-2 flex items-center justify-center gap-1 sm:absolute sm:end-4 sm:bottom-4 sm:mt-0 sm:rounded-full sm:bg-white/85 sm:px-1 sm:py-0.5 sm:shadow" data-testid="slideshow-controls">
          <button type="button" aria-label="اسلاید قبلی" aria-controls="slideshow-track" onClick={() => go(index - 1)} className={arrow}><ChevronStart className="size-5" /></button>
          {slides.map((_, i) => (
            <button key={i} type="button" aria-label={`اسلاید ${toPersianDigits(i + 1)}`} aria-current={i === index ? 'true' : undefined} aria-controls="slideshow-track" onClick={() => go(i)}
              className="flex size-6 items-center justify-center">
              <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-brand-600' : 'w-2 bg-gray-400'}`} />
            </button>
          ))}
          <button type="button" aria-label="اسلاید بعدی" aria-controls="slideshow-track" onClick={() => go(index + 1)} className={arrow}><ChevronEnd className="size-5" /></button>
        </div>
      )}
    </div>
  );
}
