import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMiles, normalisePostcode, validCoordinates, venuesWithin } from './geo';

const harrogate = { lat: 53.9921, lng: -1.5418 };
const ripon = { lat: 54.1381, lng: -1.524 };
const shrewsbury = { lat: 52.7077, lng: -2.754 };

describe('distanceMiles', () => {
  it('measures known distances between towns', () => {
    expect(distanceMiles(harrogate, ripon)).toBeCloseTo(10.1, 0);
    expect(distanceMiles(harrogate, shrewsbury)).toBeGreaterThan(100);
  });
  it('is symmetric and zero to itself', () => {
    const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -179, max: 179, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 6);
        expect(distanceMiles(a, a)).toBeCloseTo(0, 6);
      }),
    );
  });
});

describe('venuesWithin', () => {
  it('keeps venues inside the radius, nearest first, and drops unusable coordinates', () => {
    const venues = [
      { slug: 'ripon', ...ripon },
      { slug: 'harrogate', ...harrogate },
      { slug: 'shrewsbury', ...shrewsbury },
      { slug: 'broken', lat: 123, lng: 0 },
      { slug: 'none', lat: null, lng: null },
    ];
    expect(venuesWithin(venues, harrogate, 5).map((v) => v.slug)).toEqual(['harrogate']);
    expect(venuesWithin(venues, harrogate, 30).map((v) => v.slug)).toEqual(['harrogate', 'ripon']);
  });
});

it('accepts only usable coordinates', () => {
  expect(validCoordinates(53.9, -1.5)).toBe(true);
  expect(validCoordinates(91, 0)).toBe(false);
  expect(validCoordinates(-91, 0)).toBe(false);
  expect(validCoordinates('53.9', -1.5)).toBe(false);
  expect(validCoordinates(Number.NaN, 0)).toBe(false);
});

it('normalises postcodes', () => {
  expect(normalisePostcode('hg11te')).toBe('HG1 1TE');
  expect(normalisePostcode(' SW1A  1AA ')).toBe('SW1A 1AA');
});
