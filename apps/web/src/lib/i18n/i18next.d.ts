import type { enGB } from '../../locales/en-GB';
import type { defaultNS } from '.';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: typeof enGB;
  }
}
