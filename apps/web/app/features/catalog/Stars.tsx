import { toPersianDigits } from '@sorkhab/shared';

/** 4.25 → «۴٫۳» (one decimal, Persian digits and decimal sign). */
export const ratingText = (average: number) => toPersianDigits((Math.round(average * 10) / 10).toString()).replace('.', '٫');

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z';
/** A star's shape as markup (components/icons.tsx says why). */
export const STAR_SHAPE = { __html: `<path d="${STAR_PATH}"></path>` };

/** Five stars filled to `value` (0–5) from the start edge; the label says it in words for screen readers. */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  const fill = Math.max(0, Math.min(5, value)) / 5;
  return (
    <span className="relative inline-flex shrink-0" role="img" aria-label={`امتیاز ${ratingText(value)} از ۵`}>
      <span className="flex text-gray-300" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => <svg key={i} viewBox="0 0 24 24" className={className} fill="currentColor" dangerouslySetInnerHTML={STAR_SHAPE} />)}
      </span>
      <span className="absolute inset-y-0 start-0 flex overflow-hidden text-amber-500" style={{ width: `${fill * 100}%` }} aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => <svg key={i} viewBox="0 0 24 24" className={`${className} shrink-0`} fill="currentColor" dangerouslySetInnerHTML={STAR_SHAPE} />)}
      </span>
    </span>
  );
}
