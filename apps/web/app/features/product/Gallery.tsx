import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toPersianDigits, type ProductDetail } from '@sorkhab/shared';
import { Img } from '../../components/Img';
import { galleryOf } from './gallery';

// The full-screen viewer loads when first opened: the page's own script stays small.
const ImageViewer = lazy(() => import('./ImageViewer'));

/** Scroll offset of slide `i` in a horizontal scroller; in RTL browsers count it negative from the start. */
const offsetOf = (el: HTMLElement, i: number) => (getComputedStyle(el).direction === 'rtl' ? -1 : 1) * i * el.clientWidth;

/**
 * The product's images: swiped on touch (CSS scroll-snap), chosen by thumbnails (from 768 px) or followed by dots,
 * both in step with the slide shown; a tap or click opens the full-screen viewer with zoom.
 * `focus`: the image of the chosen variant (one of the product's images): a change of choice shows it.
 * The first slide is the image the page opens with (the variant's, or the main image), so it paints without script.
 */
export function Gallery({ product, focus }: { product: ProductDetail; focus: string | null }) {
  const [images] = useState(() => {
    const list = galleryOf(product);
    const i = focus ? list.findIndex((img) => img.uri === focus) : -1;
    const first = i >= 0 ? i : list.length - 1;
    return first > 0 ? [...list.slice(first), ...list.slice(0, first)] : list;
  });
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);

  const show = (i: number, smooth = true) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: offsetOf(el, i), behavior: smooth ? 'smooth' : 'instant' });
    setCurrent(i);
  };
  const [shownFocus, setShownFocus] = useState(focus);
  useEffect(() => {
    if (focus === shownFocus) return;
    setShownFocus(focus);
    const i = focus ? images.findIndex((img) => img.uri === focus) : -1;
    if (i >= 0) show(i);
  }, [focus, shownFocus, images]);

  const onScroll = () => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const i = Math.round(Math.abs(el.scrollLeft) / el.clientWidth);
    if (i !== current && i >= 0 && i < images.length) setCurrent(i);
  };
  // Back from the viewer: the gallery shows the image the shopper ended on, and focus returns to its slide.
  const closeViewer = (last: number) => {
    setViewing(null);
    show(last, false);
    (track.current?.children[last] as HTMLElement | undefined)?.focus({ preventScroll: true });
  };
  // A product without a picture keeps its column: the shop's square placeholder, named by the title.
  if (images.length === 0) {
    return (
      <div className="md:sticky md:top-32" data-testid="gallery-empty">
        <Img src={null} variants={[]} alt={product.title} width={600} height={600} sizes="" className="w-full rounded-2xl border border-gray-100" />
      </div>
    );
  }
  const many = images.length > 1;
  const label = (i: number) => `تصویر ${toPersianDigits(i + 1)} از ${toPersianDigits(images.length)}`;

  return (
    <div className="md:sticky md:top-32">
      <div className="relative overflow-hidden rounded-2xl border border-gray-100 bg-gray-50">
        <div ref={track} onScroll={many ? onScroll : undefined} data-testid="gallery-track"
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
          {images.map((img, i) => (
            <button key={img.key} type="button" onClick={() => setViewing(i)} data-testid="gallery-slide"
              aria-label={`${many ? `${label(i)}، ` : ''}بزرگ‌نمایی تصویر`} tabIndex={i === current ? 0 : -1}
              className="block w-full shrink-0 snap-center snap-always cursor-zoom-in">
              <Img src={img.uri} variants={img.variants} alt={i === 0 ? product.title : ''} width={600} height={600}
                sizes="(min-width: 1024px) 560px, (min-width: 768px) 45vw, 100vw" priority={i === 0} className="aspect-square w-full object-cover" />
            </button>
          ))}
        </div>
        {many && (
          <>
            <p className="absolute bottom-2 start-2 rounded-full bg-white/85 px-2 py-0.5 text-xs text-gray-700" data-testid="gallery-counter" aria-live="polite">
              {label(current)}
            </p>
            <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center gap-1.5 md:hidden" aria-hidden="true">
              {images.map((img, i) => <span key={img.key} className={`size-2 rounded-full ${i === current ? 'bg-brand-600' : 'bg-gray-300'}`} />)}
            </div>
          </>
        )}
      </div>
      {many && (
        <ul className="mt-3 hidden gap-2 overflow-x-auto md:flex" aria-label="تصاویر محصول">
          {images.map((img, i) => (
            <li key={img.key} className="shrink-0">
              <button type="button" onClick={() => show(i)} aria-label={label(i)} aria-pressed={i === current}
                className={`block overflow-hidden rounded-xl border-2 ${i === current ? 'border-brand-500' : 'border-transparent opacity-75 hover:opacity-100'}`}>
                <Img src={img.uri} variants={img.variants} alt="" width={100} height={100} sizes="72px" className="size-16 object-cover md:size-18" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={images} start={viewing} title={product.title} onClose={closeViewer} />
        </Suspense>
      )}
    </div>
  );
}
