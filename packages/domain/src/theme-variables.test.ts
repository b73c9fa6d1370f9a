import { defaultTheme, type Theme } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { themeCss, themeFonts, themeVariables } from './theme-variables';

const teal: Theme = {
  ...defaultTheme,
  theme_app_primary_colour: '#0f766e',
  theme_app_header_bg_colour: '#134e4a',
  theme_app_body_font_style: 'open_sans',
  theme_app_heading_font_style: 'lato',
  theme_app_secondary_button_style: 'outline',
};

describe('theme variables', () => {
  it('gives the primary colour, its tint steps, readable text and the font stacks', () => {
    const vars = themeVariables(teal);
    expect(vars['--theme-primary']).toBe('#0f766e');
    expect(vars['--theme-primary-500']).toBe('#0f766e');
    expect(vars['--theme-primary-600']).toBe('#0c5e58');
    expect(vars['--theme-on-primary']).toBe('#ffffff');
    expect(vars['--theme-header-bg']).toBe('#134e4a');
    expect(vars['--theme-secondary-button-bg']).toBe('#ffffff');
    expect(vars['--theme-font-body']).toBe('"Open Sans", system-ui, sans-serif');
    expect(vars['--theme-font-heading']).toBe('"Lato", "Open Sans", system-ui, sans-serif');
  });

  it("falls back to the spec's default for a stored value that is not a colour", () => {
    expect(themeVariables({ ...teal, theme_app_primary_colour: 'not a colour' })['--theme-primary']).toBe('#6b2fa0');
  });

  it('maps Garage Gothic to Oswald, the free face that stands in for it', () => {
    expect(themeFonts(defaultTheme)).toEqual({ body: 'Roboto', heading: 'Oswald' });
  });

  it('writes one :root rule with every variable and nothing that could close the style element', () => {
    const css = themeCss({ ...teal, header_primary_colour: '</style><script>alert(1)</script>' });
    expect(css.startsWith(':root{--theme-primary:#0f766e;')).toBe(true);
    expect(css).not.toContain('<');
    expect(css.split(';')).toHaveLength(Object.keys(themeVariables(teal)).length);
  });
});
