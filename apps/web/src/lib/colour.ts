/**
 * Colour rules for the white-label theme (doc 1, section 5 and 9): parse hex (3 or 6 digits) or an 'R G B'
 * triple, tint towards white, shade towards black, and pick text that keeps WCAG contrast on any operator colour.
 * Pure; candidates for packages/domain.
 */
export type Rgb = [number, number, number];

export function parseColour(input: string): Rgb | null {
  const value = input.trim();
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex?.[1]) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
  }
  const triple = /^(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})$/.exec(value);
  if (triple) {
    const rgb = [triple[1], triple[2], triple[3]].map(Number) as Rgb;
    return rgb.every((c) => c >= 0 && c <= 255) ? rgb : null;
  }
  return null;
}

export const toHex = ([r, g, b]: Rgb): string => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** A tint: the colour at `factor` strength over white (1 is the colour itself). */
export function tint(rgb: Rgb, factor: number): Rgb {
  if (factor < 0 || factor > 1) throw new RangeError('Tint factor must be between 0 and 1');
  return rgb.map((c) => 255 + (c - 255) * factor) as Rgb;
}

/** A shade: the colour darkened towards black (0.8 gives the spec's 600 step). */
export const shade = (rgb: Rgb, factor: number): Rgb => rgb.map((c) => c * factor) as Rgb;

export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const white: Rgb = [255, 255, 255];
const nearBlack: Rgb = [17, 17, 17];

/** Text for a background: the preferred colour when it reaches 4.5:1, else white or near-black, whichever is better. */
export function readableOn(background: Rgb, preferred?: Rgb): Rgb {
  if (preferred && contrast(preferred, background) >= 4.5) return preferred;
  return contrast(white, background) >= contrast(nearBlack, background) ? white : nearBlack;
}

/** The colour itself, darkened until it reaches 4.5:1 against the background (for links and text in the brand colour). */
export function legibleAgainst(colour: Rgb, background: Rgb): Rgb {
  let c = colour;
  for (let i = 0; i < 20 && contrast(c, background) < 4.5; i++) c = shade(c, 0.9);
  return c;
}
