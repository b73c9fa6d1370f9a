import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '../../locales/en-GB/common';

export const defaultNS = 'common';

/**
 * Synchronous, with the shell's words (the common namespace) only: every other namespace is added by the modules
 * that use it, as their code loads (apps/web/build/locale-namespaces.ts, decision 210), so a page's first download
 * carries its own words and not every page's.
 */
void i18n.use(initReactI18next).init({
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  ns: [defaultNS],
  defaultNS,
  resources: { 'en-GB': { common } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
