import { useEffect, useRef, useState } from 'react';
import { toPersianDigits } from '@sorkhab/shared';
import { ChevronEnd, ChevronStart } from '../icons';
import { pageAt } from './carousel';

/** The home slideshow: one slide per view, previous/next buttons and dots, native swipe. */
export function Slideshow({ label, slides }: { label: string; slides: React.ReactNode[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => {
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
  if (slides.length === 0) return null;
  const btn = 'absolute top-1/2 hidden -translate-y-1/2 rounded-full bg-white/85 p-2 text-gray-800 shadow hover:bg-white sm:block';
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={track} className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {slides.map((s, i) => (
          <div key={i} className="w-full shrink-0 snap-start" role="group" aria-roledescription="slide" aria-label={`${toPersianDigits(i + 1)} از ${toPersianDigits(slides.length)}`}>{s}</div>
        ))}
      </div>
      {slides.length > 1 && (
        <>
          <button type="button" aria-label="اسلاید قبلی" onClick={() => go(index - 1)} className={`${btn} start-3`}><ChevronStart /></button>
          <button type="button" aria-label="اسلاید بعدی" onClick={() => go(index + 1)} className={`${btn} end-3`}><ChevronEnd /></button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
            {slides.map((_, i) => (
              <button key={i} type="button" aria-label={`اسلاید ${toPersianDigits(i + 1)}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}
                className="flex size-6 items-center justify-center">
                <span className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/60'}`} />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
