import { useEffect, useState } from 'react';
import { Carousel } from '../../components/ui/Carousel';
import { CARD_BASIS } from '../../components/ui/carousel';
import { useNearViewport } from '../../components/ui/use-near-viewport';
import { browserApi } from '../../lib/api';
import { ProductCard, ProductCardSkeleton, toCard, type CardProduct } from '../../features/catalog/ProductCard';

const SHOWN = 10;

/**
 * The category's best sellers under a product, loaded in the browser when the shopper scrolls near them: the same
 * answer for every product of the category (one cached API response), where rendering ten cards into each product's
 * HTML made the page 23 KB heavier and its cold render slower (decision 017). Hidden when the category has no other.
 */
export function RelatedProducts({ productId, categoryId }: { productId: number; categoryId: number }) {
  const [section, near] = useNearViewport<HTMLElement>();
  const [cards, setCards] = useState<CardProduct[] | null>(null);
  useEffect(() => {
    if (!near) return;
    let live = true;
    void browserApi.call('GET /Product/All', { query: { categoryId, pageSize: SHOWN + 1, sort: 'bestselling' } }).then((res) => {
      if (live) setCards(res.success ? res.data.data.filter((p) => p.id !== productId).slice(0, SHOWN).map(toCard) : []);
    });
    return () => { live = false; };
  }, [near, categoryId, productId]);
  if (cards?.length === 0) return null;
  return (
    <section ref={section} className="mt-12" aria-labelledby="related" data-testid="related">
      <h2 id="related" className="mb-4 border-s-4 border-brand-600 ps-3 text-lg font-black">محصولات مرتبط</h2>
      {cards ? <Carousel label="محصولات مرتبط">{cards.map((r) => <ProductCard key={r.id} product={r} />)}</Carousel> : (
        <ul className="-mx-1.5 flex overflow-hidden" aria-busy="true" aria-label="محصولات مرتبط">
          {Array.from({ length: 5 }, (_, i) => <li key={i} className={`${CARD_BASIS} shrink-0 px-1.5`}><ProductCardSkeleton /></li>)}
        </ul>
      )}
    </section>
  );
}
