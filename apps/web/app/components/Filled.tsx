import { createElement, type HTMLAttributes, type ReactNode } from 'react';

/**
 * An element holding `children` — or, on the server, `html`: the markup of `children` written from a template
 * (lib/templates.server.ts), which the browser's render of `children` hydrates. React writes the element itself either way.
 */
export function Filled({ as, html, children, ...attributes }: { as: 'div' | 'nav' | 'ul'; html: string | undefined; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return html === undefined
    ? createElement(as, attributes, children)
    : createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
