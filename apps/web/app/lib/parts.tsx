import { createContext, useContext, type ReactNode } from 'react';

/**
 * Parts of a page that are the same on every page until a write, rendered by the server once and reused
 * (docs/decisions/017-page-weight-and-compression.md): their markup by name, set around the server's render
 * (entry.server.tsx) from what the loaders put in the load context's `parts`. The browser has none: it renders the part
 * itself and hydrates the markup the server sent, which is that same render's.
 */
export const ReusedParts = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/**
 * `children` — or, on the server, the markup kept under `name`, which is what `children` render. In a
 * `display: contents` element either way, whose content the browser's render hydrates.
 */
export function ReusedPart({ name, children }: { name: string; children: ReactNode }) {
  const html = useContext(ReusedParts)?.get(name);
  return html === undefined
    ? <div className="contents">{children}</div>
    : <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
