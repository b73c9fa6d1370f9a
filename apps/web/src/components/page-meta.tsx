import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

/** The document title, 'Bookings | {title}' (doc 2, section 2). */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? t('titleTemplate', { title }) : t('appTitle');
  }, [title, t]);
}

/**
 * What a page tells the shell: its title, and the breadcrumb trail after Home (the last crumb is the page
 * itself). Crumbs are compared by value so a page can pass a new array each render.
 */
export function usePage({ title, crumbs }: { title: string | undefined; crumbs?: Crumb[] }) {
  usePageTitle(title);
  const { setCrumbs } = useContext(PageMetaContext);
  const key = JSON.stringify(crumbs ?? null);
  useEffect(() => {
    setCrumbs(JSON.parse(key) as Crumb[] | null);
    return () => setCrumbs(null);
  }, [key, setCrumbs]);
}
