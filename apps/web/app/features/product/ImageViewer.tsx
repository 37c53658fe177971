import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { toPersianDigits, type ImageVariant } from '@sorkhab/shared';
import { ChevronEnd, ChevronStart, CloseIcon } from '../../components/icons';

interface Image { key: string; uri: string | null; variants: ImageVariant[] }
const ZOOM = 2.5;
/** The largest stored size (1200 px WebP), never the uploaded original. */
const largest = (img: Image) => [...img.variants].sort((a, b) => b.width - a.width)[0]?.uri ?? img.uri;

/**
 * Full-screen images in a modal <dialog>: the browser traps focus in it and closes it on Esc; arrows (and the
 * buttons) move between images; a click or the zoom button enlarges the image ×2.5 at that point, and it then pans
 * by scrolling, dragging a finger, or pinching (native on touch). The caller returns focus on close.
 */
export default function ImageViewer({ images, start, title, onClose }: {
  images: Image[];
  start: number;
  title: string;
  onClose: (last: number) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const last = useRef(start);
  last.current = index;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    d.showModal();
    const html = document.documentElement;
    html.style.overflow = 'hidden';
    return () => { html.style.overflow = ''; if (d.open) d.close(); };
  }, []);

  const go = (step: number) => { setZoomed(false); setIndex((i) => (i + step + images.length) % images.length); };
  const zoomAt = (x: number, y: number) => {
    setZoomed(true);
    // After the enlarged image is laid out, bring the point that was clicked to the middle.
    requestAnimationFrame(() => {
      const f = frame.current;
      if (!f) return;
      f.scrollLeft = x * f.scrollWidth - f.clientWidth / 2;
      f.scrollTop = y * f.scrollHeight - f.clientHeight / 2;
    });
  };
  const onImageClick = (e: MouseEvent<HTMLImageElement>) => {
    if (zoomed) return setZoomed(false);
    const r = e.currentTarget.getBoundingClientRect();
    zoomAt((e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  };
  const img = images[index]!;
  const many = images.length > 1;
  const button = 'rounded-full bg-white/10 p-2.5 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white';

  return (
    <dialog ref={dialog} aria-label={`تصاویر ${title}`} data-testid="image-viewer"
      onClose={() => onClose(last.current)}
      onKeyDown={(e) => {
        if (!many) return;
        // Right to left: the left arrow goes forward.
        if (e.key === 'ArrowLeft') { e.preventDefault(); go(1); }
        if (e.key === 'ArrowRight') { e.preventDefault(); go(-1); }
      }}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none bg-gray-950/95 p-0 text-white backdrop:bg-black/60">
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 px-3 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2">
          <p className="flex-1 truncate text-sm" aria-live="polite" data-testid="viewer-counter">
            {many ? `تصویر ${toPersianDigits(index + 1)} از ${toPersianDigits(images.length)}` : title}
          </p>
          <button type="button" onClick={() => (zoomed ? setZoomed(false) : zoomAt(0.5, 0.5))} aria-pressed={zoomed} className={`${button} px-4 text-sm`}>
            {zoomed ? 'اندازه عادی' : 'بزرگ‌نمایی'}
          </button>
          <button type="button" onClick={() => dialog.current?.close()} aria-label="بستن" className={button} autoFocus>
            <CloseIcon className="size-6" />
          </button>
        </div>
        <div ref={frame} dir="ltr" className={`relative min-h-0 flex-1 ${zoomed ? 'overflow-auto' : 'flex items-center justify-center overflow-hidden'}`}>
          {img.uri || img.variants.length ? (
            <img src={largest(img)!} alt={many ? `${title}، تصویر ${toPersianDigits(index + 1)}` : title} onClick={onImageClick} data-testid="viewer-image"
              className={zoomed ? 'max-w-none cursor-zoom-out' : 'max-h-full max-w-full cursor-zoom-in object-contain'}
              style={zoomed ? { width: `${ZOOM * 100}%`, maxWidth: 'none' } : { touchAction: 'pinch-zoom' }} />
          ) : null}
        </div>
        {many && (
          <div className="flex items-center justify-center gap-6 px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <button type="button" onClick={() => go(-1)} aria-label="تصویر قبلی" className={button}><ChevronStart className="size-6" /></button>
            <button type="button" onClick={() => go(1)} aria-label="تصویر بعدی" className={button}><ChevronEnd className="size-6" /></button>
          </div>
        )}
      </div>
    </dialog>
  );
}
