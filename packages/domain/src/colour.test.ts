import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ColourError,
  contrast,
  legibleAgainst,
  parseColour,
  type Rgb,
  readableOn,
  shade,
  tint,
  tintSteps,
  toHex,
  validateColour,
  validateTintFactor,
} from './colour';

const channel = fc.integer({ min: 0, max: 255 });
const rgb = fc.tuple(channel, channel, channel) as fc.Arbitrary<Rgb>;
const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');

describe('validateColour', () => {
  it('accepts hex of 3 or 6 digits, with or without #', () => {
    expect(validateColour('#6b2fa0')).toEqual({ ok: true, rgb: [107, 47, 160], hex: '#6b2fa0' });
    expect(validateColour('6B2FA0')).toEqual({ ok: true, rgb: [107, 47, 160], hex: '#6b2fa0' });
    expect(validateColour('#fff')).toEqual({ ok: true, rgb: [255, 255, 255], hex: '#ffffff' });
    expect(validateColour('0a3')).toEqual({ ok: true, rgb: [0, 170, 51], hex: '#00aa33' });
  });

  it('accepts an RGB triple such as 255 0 0, with spaces or commas', () => {
    expect(validateColour('255 0 0')).toEqual({ ok: true, rgb: [255, 0, 0], hex: '#ff0000' });
    expect(validateColour(' 15, 118 ,110 ')).toEqual({ ok: true, rgb: [15, 118, 110], hex: '#0f766e' });
  });

  it('refuses a triple-like value that is not a triple of 0-255 with the RGB message', () => {
    for (const bad of ['256 0 0', '255 0', '1 2 3 4', '12.5 0 0', '-1 0 0', '0 0 1000'])
      expect(validateColour(bad)).toEqual({ ok: false, message: 'RGB colour must be in RGB format' });
  });

  it('refuses anything else with the seed message', () => {
    for (const bad of ['', 'purple', '#12', '#1234', '#ggg', 'rgb(1,2,3)', '#12345g', null, 42, undefined])
      expect(validateColour(bad)).toEqual({ ok: false, message: 'Seed colour must be in either hex or rgb format' });
  });

  it('accepts every hex of 3 or 6 digits and every triple of channels 0-255', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(hexDigit, { minLength: 3, maxLength: 3 }), fc.array(hexDigit, { minLength: 6, maxLength: 6 })), (d) => {
        expect(validateColour(`#${d.join('')}`).ok).toBe(true);
      }),
    );
    fc.assert(
      fc.property(rgb, fc.constantFrom(' ', ',', ', ', '  '), (c, sep) => {
        const check = validateColour(c.join(sep));
        expect(check).toEqual({ ok: true, rgb: c, hex: toHex(c) });
      }),
    );
  });

  it('refuses every triple with a channel over 255', () => {
    fc.assert(
      fc.property(rgb, fc.integer({ min: 256, max: 999 }), fc.integer({ min: 0, max: 2 }), (c, big, at) => {
        const channels: number[] = [...c];
        channels[at] = big;
        expect(validateColour(channels.join(' '))).toEqual({ ok: false, message: 'RGB colour must be in RGB format' });
      }),
    );
  });

  it('round-trips through hex', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        expect(parseColour(toHex(c))).toEqual(c);
      }),
    );
  });
});

describe('tints', () => {
  it('accepts a tint factor between 0 and 1 only', () => {
    expect(validateTintFactor(0)).toBeNull();
    expect(validateTintFactor(1)).toBeNull();
    expect(validateTintFactor(0.5)).toBeNull();
    for (const bad of [-0.01, 1.01, Number.NaN, '0.5', null]) expect(validateTintFactor(bad)).toBe('Tint factor must be between 0 and 1');
    expect(() => tint([0, 0, 0], 2)).toThrow(new ColourError('Tint factor must be between 0 and 1'));
    expect(() => shade([0, 0, 0], -1)).toThrow('Tint factor must be between 0 and 1');
  });

  it('gives the colour at 1 and white at 0, and never leaves 0-255 nor darkens', () => {
    fc.assert(
      fc.property(rgb, fc.double({ min: 0, max: 1, noNaN: true }), (c, f) => {
        expect(toHex(tint(c, 1))).toBe(toHex(c));
        expect(toHex(tint(c, 0))).toBe('#ffffff');
        const t = tint(c, f);
        t.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(c[i]! - 1e-9);
          expect(v).toBeLessThanOrEqual(255 + 1e-9);
        });
      }),
    );
  });

  it('derives the steps 50-600 of section 9 from a seed colour', () => {
    expect(tintSteps('#6b2fa0')).toEqual({
      50: toHex(tint([107, 47, 160], 0.05)),
      100: toHex(tint([107, 47, 160], 0.1)),
      200: toHex(tint([107, 47, 160], 0.2)),
      300: toHex(tint([107, 47, 160], 0.4)),
      400: toHex(tint([107, 47, 160], 0.8)),
      500: '#6b2fa0',
      600: '#562680',
    });
    expect(tintSteps('255 0 0')).toMatchObject({ 50: '#fff2f2', 100: '#ffe6e6', 300: '#ff9999', 500: '#ff0000', 600: '#cc0000' });
  });

  it('orders the steps from light to dark for any seed', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        const steps = tintSteps(c);
        const light = [50, 100, 200, 300, 400, 500, 600].map((s) => parseColour(steps[s as 50])!.reduce((a, b) => a + b, 0));
        for (let i = 1; i < light.length; i++) expect(light[i]).toBeLessThanOrEqual(light[i - 1]!);
      }),
    );
  });

  it('refuses a seed that is not a colour with the spec message', () => {
    expect(() => tintSteps('purple')).toThrow('Seed colour must be in either hex or rgb format');
    expect(() => tintSteps('300 0 0')).toThrow('RGB colour must be in RGB format');
  });
});

describe('legible text', () => {
  it('picks text of at least 4.5:1 on any background', () => {
    fc.assert(
      fc.property(rgb, (bg) => {
        expect(contrast(readableOn(bg), bg)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('uses pure black on a mid green where white and near-black both fall short', () => {
    const green: Rgb = [0, 139, 0];
    expect(contrast(readableOn(green), green)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a preferred text colour when it is legible', () => {
    expect(readableOn([51, 51, 51], [255, 255, 255])).toEqual([255, 255, 255]);
    expect(readableOn([255, 255, 255], [250, 250, 0])).not.toEqual([250, 250, 0]);
  });

  it('darkens a brand colour until it reads on white', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        expect(contrast(legibleAgainst(c, [255, 255, 255]), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});
