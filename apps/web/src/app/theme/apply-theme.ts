import { defaultTheme } from '@app/contracts';
import { legibleAgainst, parseColour, type Rgb, readableOn, shade, tintSteps, toHex } from '@app/domain';
import type { ThemeSettings } from '../../features/tenancy';
import { fontFamilies } from './fonts';

const white: Rgb = [255, 255, 255];

/** A theme colour, or the spec's default for that field when the stored value is not a colour. */
function colourOf(value: string | null | undefined, fallback: string): Rgb {
  return parseColour(value ?? '') ?? (parseColour(fallback) as Rgb);
}

/** The theme's body and heading font families, or the spec's defaults (Roboto, Garage Gothic). */
function fontsOf(theme: ThemeSettings): { body: string; heading: string } {
  return {
    body: fontFamilies[theme.themeAppBodyFontStyle] ?? fontFamilies.roboto,
    heading: fontFamilies[theme.themeAppHeadingFontStyle] ?? fontFamilies.garage_gothic,
  };
}

/**
 * The CSS variables of a theme: every colour field, the primary colour's tint steps 50-600 (doc 1, section 9), text
 * colours that keep 4.5:1 on each background, the secondary button style (solid or outline) and the two font stacks.
 */
function themeVariables(theme: ThemeSettings): Record<string, string> {
  const primary = colourOf(theme.themeAppPrimaryColour, defaultTheme.theme_app_primary_colour);
  const secondary1 = colourOf(theme.themeAppSecondaryColour1, defaultTheme.theme_app_secondary_colour_1);
  const secondary2 = colourOf(theme.themeAppSecondaryColour2, defaultTheme.theme_app_secondary_colour_2);
  const header = colourOf(theme.themeAppHeaderBgColour, defaultTheme.theme_app_header_bg_colour);
  const dark = colourOf(theme.themeAppDarkBgColour, defaultTheme.theme_app_dark_bg_colour);
  const headerText = readableOn(header, parseColour(theme.headerPrimaryColour ?? ''));
  const primaryText = legibleAgainst(primary, white);
  const steps = tintSteps(primary);
  const { body, heading } = fontsOf(theme);
  const solid = theme.themeAppSecondaryButtonStyle !== 'outline';
  return {
    '--theme-primary': toHex(primary),
    ...Object.fromEntries(Object.entries(steps).map(([step, hex]) => [`--theme-primary-${step}`, hex])),
    '--theme-primary-text': toHex(primaryText),
    '--theme-on-primary': toHex(readableOn(primary, white)),
    '--theme-secondary-1': toHex(secondary1),
    '--theme-on-secondary-1': toHex(readableOn(secondary1, legibleAgainst(primary, secondary1))),
    '--theme-secondary-2': toHex(secondary2),
    '--theme-header-bg': toHex(header),
    '--theme-header-text': toHex(headerText),
    '--theme-dark-bg': toHex(dark),
    '--theme-on-dark': toHex(readableOn(dark, white)),
    // Secondary buttons: solid fills with secondary colour 1; outline is a primary border on white.
    '--theme-secondary-button-bg': solid ? toHex(secondary1) : '#ffffff',
    '--theme-secondary-button-hover': solid ? toHex(shade(secondary1, 0.92)) : steps[50],
    '--theme-secondary-button-border': solid ? toHex(secondary1) : toHex(primaryText),
    '--theme-secondary-button-text': solid ? toHex(readableOn(secondary1, legibleAgainst(primary, secondary1))) : toHex(primaryText),
    '--theme-font-body': `"${body}", system-ui, sans-serif`,
    '--theme-font-heading': `"${heading}", "${body}", system-ui, sans-serif`,
  };
}

/** Sets the theme on :root and answers the font families it needs (for the font wait). */
export function applyTheme(theme: ThemeSettings): string[] {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  root.dataset.secondaryButton = theme.themeAppSecondaryButtonStyle === 'outline' ? 'outline' : 'solid';
  const { body, heading } = fontsOf(theme);
  return [...new Set([body, heading])];
}
