import { defaultTheme, type FontStyle, type Theme } from '@app/contracts';
import { legibleAgainst, parseColour, type Rgb, readableOn, shade, tintSteps, toHex } from './colour';

const white: Rgb = [255, 255, 255];

/** The theme's font styles; Garage Gothic is commercial, so Oswald (a close condensed face) stands in for it. */
export const fontFamilies: Record<FontStyle, string> = {
  garage_gothic: 'Oswald',
  lato: 'Lato',
  open_sans: 'Open Sans',
  roboto: 'Roboto',
};

/** A theme colour, or the spec's default for that field when the stored value is not a colour. */
function colourOf(value: string | null | undefined, fallback: string): Rgb {
  return parseColour(value ?? '') ?? (parseColour(fallback) as Rgb);
}

/** The theme's body and heading font families, or the spec's defaults (Roboto, Garage Gothic). */
export function themeFonts(theme: Pick<Theme, 'theme_app_body_font_style' | 'theme_app_heading_font_style'>): {
  body: string;
  heading: string;
} {
  return {
    body: fontFamilies[theme.theme_app_body_font_style] ?? fontFamilies.roboto,
    heading: fontFamilies[theme.theme_app_heading_font_style] ?? fontFamilies.garage_gothic,
  };
}

/**
 * The CSS variables of a theme (decision 060): every colour field, the primary colour's tint steps 50-600 (doc 1,
 * section 9), text colours that keep 4.5:1 on each background, the secondary button style (solid or outline) and
 * the two font stacks. The server writes them into the page it sends (decision 086) and the app sets them again
 * when the selected venue's theme changes, from this one function.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const primary = colourOf(theme.theme_app_primary_colour, defaultTheme.theme_app_primary_colour);
  const secondary1 = colourOf(theme.theme_app_secondary_colour_1, defaultTheme.theme_app_secondary_colour_1);
  const secondary2 = colourOf(theme.theme_app_secondary_colour_2, defaultTheme.theme_app_secondary_colour_2);
  const header = colourOf(theme.theme_app_header_bg_colour, defaultTheme.theme_app_header_bg_colour);
  const dark = colourOf(theme.theme_app_dark_bg_colour, defaultTheme.theme_app_dark_bg_colour);
  const headerText = readableOn(header, parseColour(theme.header_primary_colour ?? ''));
  const primaryText = legibleAgainst(primary, white);
  const steps = tintSteps(primary);
  const { body, heading } = themeFonts(theme);
  const solid = theme.theme_app_secondary_button_style !== 'outline';
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

/** The same variables as one CSS rule on :root, for a `<style>` in the page; values are hex colours and quoted family names only. */
export function themeCss(theme: Theme): string {
  const declarations = Object.entries(themeVariables(theme)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')}}`;
}
