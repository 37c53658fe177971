import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = ComponentProps<typeof RouterLink>;

/**
 * A path the server's router writes as it is: from the root, no `//`, no `\`, no `.` or `..` segment, no hash, and
 * a query that is more than a bare `?`. React Router resolves such a `to` to itself (`resolveTo`, `createPath`).
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:[/?]|$))[^/?#\\]+)*\/?(?:\?[^#]+)?$/;

/** The props that change what a <Link> writes or does beyond its `<a href>` (a ref, a click, a prefetch…). */
const BEHAVIOUR = ['ref', 'onClick', 'reloadDocument', 'replace', 'state', 'target', 'prefetch', 'relative', 'preventScrollReset',
  'viewTransition', 'discover', 'mask', 'defaultShouldRevalidate'] as const;

const ON_SERVER = typeof document === 'undefined';

/** Whether the server may write `props`' link itself: a plain path and nothing but attributes and children besides. */
export function isPlainLink(props: Props): props is Props & { to: string } {
  return typeof props.to === 'string' && props.to.startsWith('/') && PLAIN_PATH.test(props.to)
    && BEHAVIOUR.every((name) => (props as unknown as Record<string, unknown>)[name] === undefined);
}

/**
 * React Router's <Link>. On the server a plain link (`isPlainLink`) is written as the `<a>` React Router writes for
 * it — the same attributes in the same order, `data-discover` for lazy route discovery — without the dozen hooks
 * each <Link> runs to resolve and handle it (a cold listing renders ≈ 45 links; decision 017). The browser always
 * renders React Router's <Link>, which hydrates that markup and navigates in the page.
 */
export function Link(props: Props) {
  if (ON_SERVER && isPlainLink(props)) {
    const { to, ...attributes } = props;
    return <a {...attributes} href={to} data-discover="true" />;
  }
  return <RouterLink {...props} />;
}
