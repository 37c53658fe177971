import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { Img } from '../../components/Img';
import { browserApi } from '../../lib/api';
import { GROUP_TITLES, moveActive, suggestOptions, wantsSuggestions, type SuggestOption } from './suggest';

/** How long typing pauses before the box asks for suggestions. */
const PAUSE_MS = 120;

/**
 * Header search: Enter or the icon opens /search?search=… (a plain GET form, works before hydration). Once live,
 * two letters bring suggestions (products, categories, brands) in a combobox list: arrow keys, Enter and Escape,
 * or a tap.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // One search box a page (the header's): a fixed id, so a header rendered apart from the page has the page's markup.
  const listId = 'search-suggestions';
  const [text, setText] = useState(params.get('search') ?? '');
  const [options, setOptions] = useState<SuggestOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setText(params.get('search') ?? ''), [params]);
  // Words typed before the page came alive are kept (the server's HTML had no handler yet).
  useEffect(() => {
    if (input.current && input.current.value !== text) setText(input.current.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!wantsSuggestions(text)) {
      setOptions([]);
      return;
    }
    if (!open) return;
    const ticket = ++asked.current;
    const timer = setTimeout(async () => {
      const res = await browserApi.call('GET /Product/Suggest', { query: { q: text } });
      // Only the answer to the latest words counts (answers may come back out of order).
      if (ticket !== asked.current || !res.success) return;
      setOptions(suggestOptions(text, res.data));
      setActive(-1);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  const shown = open && options.length > 0;
  const go = (o: SuggestOption) => {
    setOpen(false);
    navigate(o.href);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      setActive((a) => moveActive(shown ? a : -1, options.length, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Enter' && shown && active >= 0) {
      e.preventDefault();
      go(options[active]!);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
      // Closed on purpose: new words must not bring these back before their own answer arrives.
      setOptions([]);
    }
  };

  const groups = (['products', 'categories', 'brands', 'all'] as const)
    .map((g) => ({ g, rows: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g) }))
    .filter(({ rows }) => rows.length);

  return (
    // A plain GET form (it works before hydration); once live, the page navigates to the search in place, as React
    // Router's <Form> would (data-discover: its route is discovered with the page's links). Not <Form>: a header
    // rendered apart from the page has no data router.
    <form role="search" className={`relative ${className}`} data-discover="true" action="/search" method="get"
      onSubmit={(e) => {
        e.preventDefault();
        setOpen(false);
        void navigate(`/search?${new URLSearchParams({ search: text })}`);
      }}>
      <label htmlFor="q" className="sr-only">جستجو در محصولات</label>
      <input
        ref={input}
        id="q"
        name="search"
        type="search"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${options[active]!.id}` : undefined}
        value={text}
        onChange={(e) => { setText(e.target.value); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder="جستجو در سرخاب…"
        autoComplete="off"
        enterKeyHint="search"
        // Chromium keeps room for the (invisible) clear button of an empty search box: on a phone that cut the placeholder.
        className="h-11 w-full text-ellipsis rounded-xl border border-transparent bg-gray-100 pe-11 ps-4 text-sm outline-none transition placeholder:text-gray-500 focus:border-brand-500 focus:bg-white placeholder-shown:[&::-webkit-search-cancel-button]:hidden"
      />
      <button type="submit" aria-label="جستجو" className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-gray-500 hover:text-brand-700">
        <SearchIcon />
      </button>
      <div id={listId} role="listbox" aria-label="پیشنهادهای جستجو" hidden={!shown}
        // On a phone the box is narrow: the list takes the screen's width under the header.
        className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-gray-100 bg-white py-1 shadow-lg md:absolute md:inset-x-0 md:top-full md:mt-1">
        {groups.map(({ g, rows }) => (
          <div key={g} role="group" aria-label={GROUP_TITLES[g] || undefined} className={g === 'all' ? 'border-t border-gray-100' : ''}>
            {GROUP_TITLES[g] && <div role="presentation" className="px-4 pb-1 pt-2 text-xs font-bold text-gray-500">{GROUP_TITLES[g]}</div>}
            {rows.map(({ o, i }) => (
              <div key={o.id} id={`${listId}-${o.id}`} role="option" aria-selected={i === active}
                // Keeps the focus in the box (its blur would close the list before the click lands).
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(o)}
                onMouseMove={() => setActive(i)}
                className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-1.5 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-gray-800'}`}>
                {o.image && <Img src={o.image.src} variants={o.image.variants} alt="" width={40} height={40} sizes="40px" className="size-10 shrink-0 rounded-lg object-cover" />}
                <span className={`line-clamp-2 min-w-0 flex-1 ${o.group === 'all' ? 'font-medium text-brand-700' : ''}`}>{o.label}</span>
                {o.detail && <span className="shrink-0 text-xs text-gray-600" dir="auto">{o.detail}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
    </form>
  );
}
