export { type ClientInfo, clientQueryOptions, useClient } from './api/get-client';
export { useFooter } from './api/get-footer';
export { getTheme, type ThemeSettings, themeQueryOptions } from './api/get-theme';
export { FeatureGate } from './components/feature-gate';
export { tenancyKeys } from './keys';
