/**
 * «از» before a price that is the cheapest of several (a product whose combinations sell apart, before one is chosen):
 * smaller and lighter than the price it leads. `size`: its text size beside a larger price (the product page's).
 */
export function PriceFrom({ size = 'text-xs' }: { size?: 'text-xs' | 'text-sm' }) {
  return <span className={`${size} font-normal text-gray-600`}>از </span>;
}
