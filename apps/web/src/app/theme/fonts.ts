import '@fontsource/roboto/400.css';
import '@fontsource/roboto/700.css';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/700.css';
import '@fontsource/oswald/400.css';
import '@fontsource/oswald/700.css';
import type { FontStyle } from '@app/contracts';

/** The theme's font styles; Garage Gothic is commercial, so Oswald (a close condensed face) stands in for it. */
export const fontFamilies: Record<FontStyle, string> = {
  garage_gothic: 'Oswald',
  lato: 'Lato',
  open_sans: 'Open Sans',
  roboto: 'Roboto',
};

const FONT_WAIT_MS = 3000;

/** Resolves once the theme's faces (400 and 700) have loaded, or after 3 s so a slow font never blocks the app. */
export function waitForFonts(families: string[]): Promise<void> {
  const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
  if (!fonts?.load) return Promise.resolve();
  const loads = families.flatMap((family) => ['400', '700'].map((weight) => fonts.load(`${weight} 1em "${family}"`)));
  const loaded = Promise.all(loads)
    .then(() => fonts.ready)
    .then(() => undefined)
    .catch(() => undefined);
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
