import { venueSearchQuery, z } from '@app/contracts';
import type { VenueSearchParams } from './api/search-venues';

const toQuery = (form: { by: 'town' | 'postcode'; place: string; radius: number }) => {
  const place = form.place.trim() || undefined;
  return form.by === 'town' ? { search: place, radius: form.radius } : { postcode: place, radius: form.radius };
};

/**
 * The search form: by town or by postcode, and a radius. It is checked with the API's own query schema (doc 1:
 * radius 0 to 30, postcode 5 to 7 characters counted without spaces), so the form and the API say the same words.
 */
export const searchFormSchema = z
  .object({ by: z.enum(['town', 'postcode']), place: z.string(), radius: z.number() })
  .superRefine((form, ctx) => {
    const parsed = venueSearchQuery.safeParse(toQuery(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: [issue.path[0] === 'radius' ? 'radius' : 'place'], message: issue.message });
    }
  });
export type SearchForm = z.infer<typeof searchFormSchema>;

/** The search a valid form asks for. */
export const searchOf = (form: SearchForm): VenueSearchParams =>
  form.by === 'town' ? { search: form.place.trim(), radius: form.radius } : { postcode: form.place.trim(), radius: form.radius };

/** A search kept in the page's address (?search= | ?postcode= | ?lat=&lng=, and &radius=), so Back and links work. */
export function searchFromUrl(query: URLSearchParams): VenueSearchParams | null {
  const raw = Object.fromEntries(query);
  const parsed = venueSearchQuery.safeParse(raw);
  if (!parsed.success) return null;
  const { search, postcode, lat, lng, radius } = parsed.data;
  if (lat !== undefined && lng !== undefined) return { lat, lng, radius };
  if (postcode !== undefined) return { postcode, radius };
  if (search !== undefined) return { search, radius };
  return null;
}

export const searchToUrl = (params: VenueSearchParams): Record<string, string> =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
