import type { ComponentProps } from 'react';
import { Link, NavLink } from 'react-router';

type AreaLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; nav?: boolean };

/**
 * A link to a path of this origin (a router link; `nav` marks the current page) or to another sub-domain (a plain
 * link, since the router cannot go there). Hrefs come from accountHref and bookingsHref, which add the shell's flags.
 */
export function AreaLink({ to, nav = false, ...props }: AreaLinkProps) {
  if (/^https?:\/\//.test(to)) return <a href={to} {...props} />;
  return nav ? <NavLink to={to} {...props} /> : <Link to={to} {...props} />;
}
