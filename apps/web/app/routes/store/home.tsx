import { useRouteLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import { isSafeLink, type Slide } from '@sorkhab/shared';
import { ChevronEnd } from '../../components/icons';
import { Img } from '../../components/Img';
import { Carousel } from '../../components/ui/Carousel';
import { Slideshow } from '../../components/ui/Slideshow';
import { apiOf } from '../../lib/context';
import { categoryHref } from '../../lib/links';
import { ProductCard, toCard } from '../../features/catalog/ProductCard';
import { seo, shopOf } from '../../features/catalog/seo';
import { CategoryThumb } from '../../components/CategoryThumb';
import { useMenu } from '../../features/layout/menu';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/home';

/** The same page for every visitor: the server may keep it in its page cache (docs/decisions/010-html-page-cache.md). */
export const handle = { sharedPage: true };

export async function loader({ context }: Route.LoaderArgs) {
  const api = apiOf(context);
  const [slides, banners, latest, best] = await Promise.all([
    api.load('GET /Slider/Get', { query: { kind: 'slide', pageSize: 10 } }),
    api.load('GET /Slider/Get', { query: { kind: 'banner', pageSize: 2 } }),
    api.load('GET /Product/LastProducts', { query: { pageNumber: 1, pageSize: 10 } }),
    api.load('GET /Product/SuggestProducts', { query: { pageNumber: 1, pageSize: 10 } }),
  ]);
  return { slides: slides.data, banners: banners.data.slice(0, 2), latest: latest.data.map(toCard), best: best.data.map(toCard) };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const shop = shopOf(matches);
  const name = shop?.settings.storeName ?? 'سرخاب';
  return [
    ...seo(shop, {
      title: `${name} | ${shop?.settings.tagline || 'فروشگاه آنلاین آرایشی و بهداشتی'}`,
      description: shop?.settings.about || 'خرید اینترنتی لوازم آرایشی، بهداشتی و مراقبت پوست و مو با ضمانت اصالت کالا.',
      path: '/',
      image: data?.slides[0]?.imageVariants.find((v) => v.width === 1200)?.uri ?? null,
    }),
  ];
}

const isInternal = (link: string) => link.startsWith('/') && !link.startsWith('//');

/** A slide's or banner's link; `captioned`: its text is inside (the caption), so it needs no label of its own. */
function SlideLink({ slide, children, className, captioned = false }: { slide: Slide; children: React.ReactNode; className?: string; captioned?: boolean }) {
  // The API accepts only these links; one stored before that rule (javascript:, //host…) is never printed.
  if (!isSafeLink(slide.link)) return <div className={className}>{children}</div>;
  const label = captioned ? undefined : slide.title || undefined;
  return isInternal(slide.link)
    ? <Link to={slide.link} className={className} aria-label={label}>{children}</Link>
    : <a href={slide.link} className={className} rel="noopener" aria-label={label}>{children}</a>;
}

/**
 * A slide's title as text, never inside the picture (a 3:1 picture is 117 px tall on a phone): under the picture on
 * a phone, over its start half from 640 px, where the controls (in the end corner) cannot cover it.
 */
function SlideCaption({ title, linked }: { title: string; linked: boolean }) {
  return (
    <span className="flex items-center justify-between gap-3 bg-brand-50 px-4 py-3 sm:absolute sm:inset-y-0 sm:start-0 sm:w-1/2 sm:flex-col sm:items-start sm:justify-center sm:bg-transparent sm:bg-gradient-to-l sm:from-black/45 sm:to-transparent sm:px-8 lg:px-12">
      <span className="text-base font-black leading-snug text-gray-900 sm:text-2xl sm:text-white sm:[text-shadow:0_1px_6px_rgb(0_0_0/0.35)] lg:text-4xl">{title}</span>
      {linked && (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-600 px-3 py-1.5 text-sm font-bold text-white sm:mt-4 sm:bg-white sm:px-5 sm:py-2 sm:text-brand-700">
          مشاهده و خرید<ChevronEnd className="size-4" />
        </span>
      )}
    </span>
  );
}

function Section({ title, more, children }: { title: string; more: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto mt-10 max-w-7xl px-3 [contain-intrinsic-size:auto_420px] [content-visibility:auto] md:mt-14 md:px-6" aria-label={title}>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="border-s-4 border-brand-600 ps-3 text-lg font-black text-gray-900 md:text-xl">{title}</h2>
        <Link to={more} className="flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          مشاهده همه<ChevronEnd className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, banners, latest, best } = loaderData;
  const shop = useRouteLoaderData<typeof layoutLoader>('routes/store/layout');
  const categories = useMenu(shop?.menu);
  return (
    <main>
      <h1 className="sr-only">{shop?.settings.storeName ?? 'سرخاب'}، فروشگاه آنلاین آرایشی و بهداشتی</h1>
      {slides.length > 0 && (
        <div className="mx-auto max-w-7xl px-3 pt-4 md:px-6 md:pt-6">
          <Slideshow
            label="پیشنهادهای ویژه"
            slides={slides.map((s, i) => (
              <SlideLink key={s.id} slide={s} className="relative block" captioned={s.title !== ''}>
                <Img src={s.imageUri} variants={s.imageVariants} alt="" width={1200} height={400} sizes="(min-width: 1280px) 1232px, 100vw" priority={i === 0} className="aspect-[3/1] w-full object-cover" />
                {s.title && <SlideCaption title={s.title} linked={isSafeLink(s.link) && s.link !== ''} />}
              </SlideLink>
            ))}
          />
        </div>
      )}

      {categories.length > 0 && (
        <nav id="categories" aria-label="دسته‌بندی‌ها" className="mx-auto mt-8 max-w-7xl scroll-mt-20 px-3 md:px-6">
          {/* Centred by auto margins, not justify-center: when the strip overflows, the first categories stay reachable. */}
          <ul className="flex gap-3 overflow-x-auto pb-2 md:gap-6">
            {categories.map((c) => (
              <li key={c.id} className="shrink-0 first:ms-auto last:me-auto">
                <Link to={categoryHref(c)} className="flex w-20 flex-col items-center gap-2 text-center text-xs font-medium text-gray-700 hover:text-brand-700 md:w-28 md:text-sm">
                  <CategoryThumb cat={c} size="size-16 md:size-20" />
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {latest.length > 0 && (
        <Section title="جدیدترین محصولات" more="/last-products">
          <Carousel label="جدیدترین محصولات">{latest.map((p) => <ProductCard key={p.id} product={p} />)}</Carousel>
        </Section>
      )}

      {banners.length > 0 && (
        <div className="mx-auto mt-10 grid max-w-7xl gap-3 px-3 md:mt-14 md:grid-cols-2 md:gap-5 md:px-6">
          {banners.map((b) => (
            <SlideLink key={b.id} slide={b} className="block overflow-hidden rounded-2xl">
              <Img src={b.imageUri} variants={b.imageVariants} alt={b.title} width={600} height={300} sizes="(min-width: 768px) 50vw, 100vw" className="aspect-[2/1] w-full object-cover transition hover:scale-[1.02]" />
            </SlideLink>
          ))}
        </div>
      )}

      {best.length > 0 && (
        <Section title="پرفروش‌ترین محصولات" more="/suggest-products">
          <Carousel label="پرفروش‌ترین محصولات">{best.map((p) => <ProductCard key={p.id} product={p} />)}</Carousel>
        </Section>
      )}
    </main>
  );
}
