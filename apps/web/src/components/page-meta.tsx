import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../features/tenancy/api/get-client';

export interface Crumb {
  label: string;
  to?: string;
}

interface PageMeta {
  crumbs: Crumb[] | null;
  setCrumbs: (crumbs: Crumb[] | null) => void;
}

const PageMetaContext = createContext<PageMeta>({ crumbs: null, setCrumbs: () => {} });

export function PageMetaProvider({ children }: { children: ReactNode }) {
  const [crumbs, setCrumbs] = useState<Crumb[] | null>(null);
  return <PageMetaContext.Provider value={{ crumbs, setCrumbs }}>{children}</PageMetaContext.Provider>;
}

export const useCrumbs = () => useContext(PageMetaContext).crumbs;

/**
 * The document title: doc 2's 'Bookings | {title}' with the client's name in place of 'Bookings' once it is known
 * ('Northfield Leisure | Spin'), so a customer's tab says whose site it is (issue 13; decision 094).
 */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  const { data: client } = useClient();
  const site = client?.name ?? t('appTitle');
  useEffect(() => {
    document.title = title ? t('titleTemplate', { site, title }) : site;
  }, [title, site, t]);
}

/**
 * What a page tells the shell: its title, and the breadcrumb trail after Home (the last crumb is the page
 * itself). Crumbs are compared by value so a page can pass a new array each render.
 */
export function usePage({ title, crumbs }: { title: string | undefined; crumbs?: Crumb[] }) {
  usePageTitle(title);
  const { setCrumbs } = useContext(PageMetaContext);
  const key = JSON.stringify(crumbs ?? null);
  // Before the browser paints: a page that renders with its data at once (decision 282) would otherwise be painted
  // without its breadcrumbs and pushed down when they appear (a layout shift on a phone).
  useLayoutEffect(() => {
    setCrumbs(JSON.parse(key) as Crumb[] | null);
    return () => setCrumbs(null);
  }, [key, setCrumbs]);
}
