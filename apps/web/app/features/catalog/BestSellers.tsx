import { Link } from '../../components/Link';
import { ChevronEnd } from '../../components/icons';
import { Carousel } from '../../components/ui/Carousel';
import { ProductCard, type CardProduct } from './ProductCard';

/**
 * The row of best sellers under a search that found nothing. The same for every such search until a write, so the
 * server renders it once and reuses its markup (`bestSellersHtml`, lib/parts.tsx); the browser renders it itself.
 */
export function BestSellers({ best }: { best: CardProduct[] }) {
  return (
    <section aria-labelledby="best-sellers">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="best-sellers" className="border-s-4 border-brand-600 ps-3 text-lg font-black text-gray-900">پرفروش‌ترین محصولات</h2>
        <Link to="/suggest-products" className="flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          مشاهده همه<ChevronEnd className="size-4" />
        </Link>
      </div>
      <Carousel label="پرفروش‌ترین محصولات">{best.map((p) => <ProductCard key={p.id} product={p} />)}</Carousel>
    </section>
  );
}
