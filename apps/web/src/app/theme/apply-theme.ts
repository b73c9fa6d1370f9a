import type { ThemeSettings } from '../../features/tenancy';
import { legibleAgainst, parseColour, type Rgb, readableOn, shade, tint, toHex } from '../../lib/colour';
import { fontFamilies } from './fonts';

const fallback = (value: string, defaultRgb: Rgb): Rgb => parseColour(value) ?? defaultRgb;
const white: Rgb = [255, 255, 255];

/** The CSS variables of a theme: brand colours, tints, text colours that keep 4.5:1, and the two font stacks. */
export function themeVariables(theme: ThemeSettings): Record<string, string> {
  const primary = fallback(theme.themeAppPrimaryColour, [107, 47, 160]);
  const header = fallback(theme.themeAppHeaderBgColour, [51, 51, 51]);
  const dark = fallback(theme.themeAppDarkBgColour, [51, 51, 51]);
  const headerText = readableOn(header, parseColour(theme.headerPrimaryColour) ?? undefined);
  const body = fontFamilies[theme.themeAppBodyFontStyle];
  const heading = fontFamilies[theme.themeAppHeadingFontStyle];
  return {
    '--theme-primary': toHex(primary),
    '--theme-primary-600': toHex(shade(primary, 0.8)),
    '--theme-primary-50': toHex(tint(primary, 0.05)),
    '--theme-primary-100': toHex(tint(primary, 0.1)),
    '--theme-primary-text': toHex(legibleAgainst(primary, white)),
    '--theme-on-primary': toHex(readableOn(primary, white)),
    '--theme-secondary-1': toHex(fallback(theme.themeAppSecondaryColour1, [232, 226, 240])),
    '--theme-secondary-2': toHex(fallback(theme.themeAppSecondaryColour2, [244, 244, 245])),
    '--theme-header-bg': toHex(header),
    '--theme-header-text': toHex(headerText),
    '--theme-dark-bg': toHex(dark),
    '--theme-on-dark': toHex(readableOn(dark, white)),
    '--theme-font-body': `"${body}", system-ui, sans-serif`,
    '--theme-font-heading': `"${heading}", "${body}", system-ui, sans-serif`,
  };
}

export function applyTheme(theme: ThemeSettings): string[] {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  return [...new Set([fontFamilies[theme.themeAppBodyFontStyle], fontFamilies[theme.themeAppHeadingFontStyle]])];
}
