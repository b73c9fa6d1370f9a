import { colourMessages } from '@app/contracts';

/**
 * Colour rules of the white-label theme (doc 1, sections 5, 8 and 9): a colour is hex of 3 or 6 digits (with or
 * without '#') or an RGB triple such as '255 0 0' (spaces or commas between channels), each channel 0-255; a tint
 * factor is between 0 and 1; the tint steps 50-600 derive a palette from one seed colour. Also the contrast
 * helpers the app uses to keep text legible on any operator colour.
 */
export type Rgb = readonly [number, number, number];

/** The three colour errors of the spec, word for word. */
export const colourErrors = colourMessages;

/** Thrown by the functions below on a bad seed colour or tint factor; `message` is one of `colourErrors`. */
export class ColourError extends Error {
  constructor(message: (typeof colourErrors)[keyof typeof colourErrors]) {
    super(message);
    this.name = 'ColourError';
  }
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Anything made only of digits, signs, dots, spaces and commas reads as an attempt at an RGB triple. */
const RGB_LIKE = /^[\d\s,.+-]+$/;
const RGB_TRIPLE = /^(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})$/;

export type ColourCheck = { ok: true; rgb: Rgb; hex: string } | { ok: false; message: string };

/**
 * Checks a colour as an operator types it. Hex or a valid triple passes; something that looks like a triple but
 * is not one (a channel over 255, two or four channels, decimals) is 'RGB colour must be in RGB format'; anything
 * else 'Seed colour must be in either hex or rgb format'.
 */
export function validateColour(input: unknown): ColourCheck {
  if (typeof input !== 'string') return { ok: false, message: colourErrors.seedFormat };
  const value = input.trim();
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const rgb = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
    return { ok: true, rgb, hex: toHex(rgb) };
  }
  if (value !== '' && RGB_LIKE.test(value) && /\d/.test(value)) {
    const triple = RGB_TRIPLE.exec(value);
    if (!triple) return { ok: false, message: colourErrors.rgbFormat };
    const rgb = [triple[1], triple[2], triple[3]].map(Number) as unknown as Rgb;
    if (!rgb.every(isChannel)) return { ok: false, message: colourErrors.rgbFormat };
    return { ok: true, rgb, hex: toHex(rgb) };
  }
  return { ok: false, message: colourErrors.seedFormat };
}

/** The colour's channels, or null when it is not a valid colour. */
export function parseColour(input: string): Rgb | null {
  const check = validateColour(input);
  return check.ok ? check.rgb : null;
}

/** The error message for a tint factor, or null when it is between 0 and 1 inclusive. */
export function validateTintFactor(factor: unknown): string | null {
  return typeof factor === 'number' && factor >= 0 && factor <= 1 ? null : colourErrors.tintFactor;
}

const isChannel = (c: number) => Number.isInteger(c) && c >= 0 && c <= 255;
const clampChannel = (c: number) => Math.min(255, Math.max(0, Math.round(c)));

/** '#rrggbb' in lower case; channels are rounded and kept within 0-255. */
export const toHex = (rgb: Rgb): string => `#${rgb.map((c) => clampChannel(c).toString(16).padStart(2, '0')).join('')}`;

/** A tint: the colour at `factor` strength over white (1 is the colour itself, 0 is white). */
export function tint(rgb: Rgb, factor: number): Rgb {
  const error = validateTintFactor(factor);
  if (error) throw new ColourError(colourErrors.tintFactor);
  return rgb.map((c) => 255 + (c - 255) * factor) as unknown as Rgb;
}

/** A shade: the colour darkened towards black (1 is the colour itself, 0 is black). */
export function shade(rgb: Rgb, factor: number): Rgb {
  const error = validateTintFactor(factor);
  if (error) throw new ColourError(colourErrors.tintFactor);
  return rgb.map((c) => c * factor) as unknown as Rgb;
}

export const tintStepNames = [50, 100, 200, 300, 400, 500, 600] as const;
export type TintStep = (typeof tintStepNames)[number];

/** Doc 1, section 9: 500 is the colour (100 %), 400 at 80, 300 at 40, 200 at 20, 100 at 10, 50 at 5; 600 a shade at 0.8. */
export const tintStepFactors: Record<Exclude<TintStep, 600>, number> = { 50: 0.05, 100: 0.1, 200: 0.2, 300: 0.4, 400: 0.8, 500: 1 };
export const darkerShadeFactor = 0.8;

/** The palette 50-600 of a seed colour as '#rrggbb'; throws ColourError on a seed that is not hex or RGB. */
export function tintSteps(seed: string | Rgb): Record<TintStep, string> {
  let rgb: Rgb;
  if (typeof seed === 'string') {
    const check = validateColour(seed);
    if (!check.ok) throw new ColourError(check.message as (typeof colourErrors)[keyof typeof colourErrors]);
    rgb = check.rgb;
  } else {
    if (!seed.every(isChannel)) throw new ColourError(colourErrors.rgbFormat);
    rgb = seed;
  }
  const steps = {} as Record<TintStep, string>;
  for (const [step, factor] of Object.entries(tintStepFactors)) steps[Number(step) as TintStep] = toHex(tint(rgb, factor));
  steps[600] = toHex(shade(rgb, darkerShadeFactor));
  return steps;
}

/** Relative luminance (WCAG 2). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const white: Rgb = [255, 255, 255];
const nearBlack: Rgb = [17, 17, 17];
const black: Rgb = [0, 0, 0];

/** Text for a background: the preferred colour when it reaches 4.5:1, else white or (near-)black, whichever is better. */
export function readableOn(background: Rgb, preferred?: Rgb | null): Rgb {
  if (preferred && contrast(preferred, background) >= 4.5) return preferred;
  const onWhite = contrast(white, background);
  const onNearBlack = contrast(nearBlack, background);
  if (Math.max(onWhite, onNearBlack) >= 4.5) return onWhite >= onNearBlack ? white : nearBlack;
  // A mid-tone background can fall just short with both; white or pure black always reaches 4.5:1.
  return contrast(black, background) >= onWhite ? black : white;
}

/** The colour darkened until it reaches 4.5:1 against the background (links and text in the brand colour). */
export function legibleAgainst(colour: Rgb, background: Rgb): Rgb {
  let c = colour;
  for (let i = 0; i < 40 && contrast(c, background) < 4.5; i++) c = shade(c, 0.9);
  return c;
}
