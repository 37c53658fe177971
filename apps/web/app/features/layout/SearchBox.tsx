import { Form, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';

/** Header search: Enter or the icon opens /search?search=… (a plain GET form, works before hydration). */
export function SearchBox({ className = '' }: { className?: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor="q" className="sr-only">جستجو در محصولات</label>
      <input
        id="q"
        name="search"
        type="search"
        defaultValue={params.get('search') ?? ''}
        placeholder="جستجو در سرخاب…"
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-xl border border-transparent bg-gray-100 pe-11 ps-4 text-sm outline-none transition placeholder:text-gray-500 focus:border-brand-500 focus:bg-white"
      />
      <button type="submit" aria-label="جستجو" className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-gray-500 hover:text-brand-700">
        <SearchIcon />
      </button>
    </Form>
  );
}
