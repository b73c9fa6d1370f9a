import type { Theme } from '@app/contracts';
import { themeVariables } from '@app/domain';
import type { ThemeSettings } from '../../features/tenancy';
import { snakify } from '../../lib/api';

/**
 * Sets the theme's CSS variables on :root (the same ones the server wrote into the page, from one function in the
 * domain package).
 */
export function applyTheme(theme: ThemeSettings): void {
  const wire = snakify(theme) as Theme;
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(wire))) root.style.setProperty(name, value);
  root.dataset.secondaryButton = theme.themeAppSecondaryButtonStyle === 'outline' ? 'outline' : 'solid';
}
