import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enGB } from '../../locales/en-GB';

export const defaultNS = 'common';
export const resources = { 'en-GB': enGB } as const;

/** Synchronous: the strings are bundled, so the first render already has them. */
void i18n.use(initReactI18next).init({
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  ns: Object.keys(enGB),
  defaultNS,
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
