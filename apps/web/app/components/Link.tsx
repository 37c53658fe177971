import type { ComponentProps } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router';

type Props = ComponentProps<typeof RouterLink>;
type NavProps = ComponentProps<typeof RouterNavLink>;

/**
 * A path the server's router writes as it is: from the root, no `//`, no `\`, no `.` or `..` segment, no hash, and
 * a query that is more than a bare `?`. React Router resolves such a `to` to itself (`resolveTo`, `createPath`).
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:[/?]|$))[^/?#\\]+)*\/?(?:\?[^#]+)?$/;

/** The props that change what a <Link> writes beyond its `<a href>` (where it points, its attributes, a prefetch), or hold a ref. */
const WRITTEN = ['ref', 'reloadDocument', 'target', 'prefetch', 'relative', 'discover', 'mask'] as const;

const ON_SERVER = typeof document === 'undefined';

/** Whether `to` is a path the server writes as it is (`PLAIN_PATH`, from the root). */
export const isPlainPath = (to: string): boolean => to.startsWith('/') && PLAIN_PATH.test(to);

/**
 * Whether the server may write `props`' link itself: a plain path, and besides attributes and children only what a
 * click does (`onClick`, `replace`, `state`, `preventScrollReset`, `viewTransition`, `defaultShouldRevalidate`), which
 * the server's markup does not show.
 */
export function isPlainLink(props: Props): props is Props & { to: string } {
  return typeof props.to === 'string' && isPlainPath(props.to)
    && WRITTEN.every((name) => (props as unknown as Record<string, unknown>)[name] === undefined);
}

/**
 * React Router's <Link>. On the server a plain link (`isPlainLink`) is written as the `<a>` React Router writes for
 * it — the same attributes in the same order, `data-discover` for lazy route discovery — without the dozen hooks
 * each <Link> runs to resolve and handle it (a cold listing renders ≈ 45 links; decision 017). The browser always
 * renders React Router's <Link>, which hydrates that markup and navigates in the page.
 */
export function Link(props: Props) {
  if (ON_SERVER && isPlainLink(props)) {
    const { to, onClick: _onClick, replace: _replace, state: _state, preventScrollReset: _preventScrollReset, viewTransition: _viewTransition,
      defaultShouldRevalidate: _defaultShouldRevalidate, ...attributes } = props;
    return <a {...attributes} href={to} data-discover="true" />;
  }
  return <RouterLink {...props} />;
}

/** A NavLink's path the server's router compares as it is (its `encodeLocation` leaves it unchanged): letters, digits, `-`, `_`, `/`. */
const NAV_PATH = /^\/(?:[A-Za-z0-9_-]+\/?)*$/;

/**
 * React Router's <NavLink>. On the server a NavLink to a simple path (`NAV_PATH`) is written by `ServerNavLink`, which
 * decides "active" as React Router's does and hands the link to `Link` above — which alone decides whether its other
 * props (a prefetch, a target, a ref…) leave it to React Router; the browser renders React Router's.
 */
export function NavLink(props: NavProps) {
  if (ON_SERVER && typeof props.to === 'string' && NAV_PATH.test(props.to)) {
    return <ServerNavLink {...props} to={props.to} />;
  }
  return <RouterNavLink {...props} />;
}

/**
 * Whether a NavLink to `to` is active at the path `here`, as React Router decides it on the server: the path is the
 * link's or (without `end`) below it, compared without case unless `caseSensitive`.
 */
export function navLinkActive(here: string, to: string, end = false, caseSensitive = false): boolean {
  let path = to;
  if (!caseSensitive) {
    here = here.toLowerCase();
    path = path.toLowerCase();
  }
  const endSlash = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  return here === path || (!end && here.startsWith(path) && here.charAt(endSlash) === '/');
}

/**
 * What React Router's NavLink renders on the server, without its hooks but the location: active when the location's
 * path is the link's or (without `end`) below it, compared without case unless `caseSensitive`; never pending or in a
 * view transition (a server render navigates nowhere).
 */
function ServerNavLink({ 'aria-current': ariaCurrent = 'page', caseSensitive = false, className = '', end = false, style, to, viewTransition: _viewTransition,
  children, ...rest }: NavProps & { to: string }) {
  const isActive = navLinkActive(useLocation().pathname, to, end, caseSensitive);
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link {...rest} aria-current={isActive ? ariaCurrent : undefined}
      className={typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      style={typeof style === 'function' ? style(state) : style} to={to}>
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
