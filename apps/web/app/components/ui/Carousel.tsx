import { useRef } from 'react';
import { ChevronEnd, ChevronStart } from '../icons';
import { CARD_BASIS } from './carousel';

/**
 * A horizontal card carousel: native scroll with snap (works without JavaScript and on touch),
 * 5/3/2 cards per view by CSS breakpoints, previous/next buttons that move one view.
 */
export function Carousel({ label, children }: { label: string; children: React.ReactNode[] }) {
  const track = useRef<HTMLUListElement>(null);
  const move = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    // "Next" goes towards the reading end: leftwards in right-to-left.
    el.scrollBy({ left: dir * (rtl ? -1 : 1) * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <ul ref={track} className="-mx-1.5 flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {children.map((child, i) => (
          <li key={i} className={`${CARD_BASIS} min-w-0 shrink-0 snap-start px-1.5`}>{child}</li>
        ))}
      </ul>
      {children.length > 2 && (
        <>
          <button type="button" onClick={() => move(-1)} aria-label="قبلی" className="absolute start-0 top-1/3 hidden -translate-y-1/2 rounded-full border border-gray-200 bg-white/95 p-2 text-gray-700 shadow-md hover:text-brand-600 md:-ms-4 md:block">
            <ChevronStart />
          </button>
          <button type="button" onClick={() => move(1)} aria-label="بعدی" className="absolute end-0 top-1/3 hidden -translate-y-1/2 rounded-full border border-gray-200 bg-white/95 p-2 text-gray-700 shadow-md hover:text-brand-600 md:-me-4 md:block">
            <ChevronEnd />
          </button>
        </>
      )}
    </div>
  );
}
