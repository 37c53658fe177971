const REACT_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/**
 * A text or an attribute's value as React's server render writes it (its escapeTextForBrowser), for markup put
 * together beside React's that must equal it byte for byte (the server's page frames, the web app's card templates).
 */
export const reactEscaped = (text: string) => (/["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (c) => REACT_ESCAPES[c]!) : text);
