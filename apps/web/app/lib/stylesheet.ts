import { createContext } from 'react';

/**
 * Whether this visitor's browser keeps the shop's stylesheet file (the server reads the cookie its answer sets,
 * docs/decisions/017-page-weight-and-compression.md): the server's render then writes an @import of the file in
 * the stylesheet element instead of its ≈ 46 KB of text. Set around the server's render only (entry.server.tsx);
 * the browser's render keeps the element's text as the server wrote it.
 */
export const StylesheetLinked = createContext(false);
