import type { ImageVariant } from '@sorkhab/shared';

/** A catalogue image from its WebP variants: srcset/sizes, explicit size, lazy unless it is above the fold. */
export function Img({
  src, variants = [], alt, width, height, sizes, priority = false, className,
}: {
  src: string | null;
  variants?: ImageVariant[];
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  if (!src && variants.length === 0) {
    return <div role="img" aria-label={alt} style={{ aspectRatio: `${width} / ${height}` }} className={`bg-gradient-to-br from-brand-50 to-brand-100 ${className ?? ''}`} />;
  }
  const sources = imageSources(src, variants, width);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet === undefined ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}

/**
 * The `src` (the narrowest variant at least `width` wide, else the widest, else `src` itself) and `srcSet` (the variants,
 * narrowest first; none without variants) of `Img`'s picture: what a preload of it names too.
 */
export function imageSources(src: string | null, variants: ImageVariant[], width: number): { src: string; srcSet?: string } {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return {
    src: sorted.find((v) => v.width >= width)?.uri ?? sorted.at(-1)?.uri ?? src!,
    srcSet: sorted.length ? sorted.map((v) => `${v.uri} ${v.width}w`).join(', ') : undefined,
  };
}
