import type { AuthUser, Category, Client, Occurrence, Theme, Venue } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { activityKeys } from '../features/activities/keys';
import { authKeys } from '../features/auth';
import { tenancyKeys } from '../features/tenancy';
import { venuesFrom } from '../features/venues/api/venues-from';
import { venueKeys } from '../features/venues/keys';
import { camelize, sessionBelief } from '../lib/api';
import { deskSourceParam } from '../lib/desk-mode';
import { selectedUser } from '../lib/selected-user';
import { setShownZone } from '../lib/shown-zone';

/**
 * What the server wrote into the page (decision 086), as the API would have answered it: the client, the themes
 * the page will use (by venue, null for the client's own), unless the page was asked for with a login token who is
 * logged in (null: a visitor), and on a venue's or an activity's page the venue and the activity (decision 210). A field the server could not answer is left out and asked for as usual.
 */
export interface BootState {
  client?: Client;
  /** The selected venue's theme and, on a venue's pages, that venue's (which the page selects). */
  themes?: { venue: string | null; data: Theme }[];
  user?: AuthUser | null;
  /** On a venue's pages, the venue; on an activity's, its category too (so the day is asked for at once, issue 12). */
  venue?: { slug: string; data: Venue };
  category?: { venue: string; slug: string; data: Category };
  /** The footer the shell shows first (decision 282): the page's venue's, else the selected venue's, else the client's. */
  footer?: { venue: string | null; html: string };
  /** On the home page, its venues; on a venue's page, its activities (decision 282). */
  venues?: Venue[];
  categories?: { venue: string; data: Category[] };
  /** On a class timetable's day, its sessions (as the customer's own view) and the days with sessions (decision 282). */
  timetable?: { venue: string; activity: string; date: string; v2: boolean; data: Occurrence[] };
  dates?: { venue: string; category: string; data: Record<string, unknown> };
}

export const BOOT_STATE_ID = 'boot-state';

/** Reads the page's boot state once (then removes it, so nothing later mistakes it for current). */
export function takeBootState(doc: Document = document): BootState {
  const element = doc.getElementById(BOOT_STATE_ID);
  if (!element) return {};
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    return parsed && typeof parsed === 'object' ? (parsed as BootState) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the boot state in the query cache as fresh answers, so the first render asks the API for none of them.
 * Each theme is filed under its venue; the user only when no login token is being exchanged.
 */
export function seedBootState(queryClient: QueryClient, state: BootState, context: { exchangingToken: boolean }): void {
  if (state.client) {
    queryClient.setQueryData(tenancyKeys.client(), camelize(state.client));
    setShownZone(state.client.timezone);
  }
  for (const theme of state.themes ?? []) queryClient.setQueryData(tenancyKeys.theme(theme.venue), camelize(theme.data));
  if (state.venue) queryClient.setQueryData(venueKeys.detail(state.venue.slug), camelize(state.venue.data));
  if (state.category) {
    queryClient.setQueryData(activityKeys.category(state.category.venue, state.category.slug), camelize(state.category.data));
  }
  if (state.footer) queryClient.setQueryData(tenancyKeys.footer(state.footer.venue), state.footer.html);
  if (state.venues) queryClient.setQueryData(venueKeys.list(), venuesFrom(camelize(state.venues)));
  if (state.categories) queryClient.setQueryData(activityKeys.categories(state.categories.venue), camelize(state.categories.data));
  if (state.dates)
    queryClient.setQueryData(activityKeys.dates(state.dates.venue, state.dates.category), Object.keys(state.dates.data).sort());
  // The server asked as the customer, for themselves: the desk's view and a linked person's are other answers.
  if (state.timetable && !deskSourceParam().source && selectedUser.current() === null) {
    const { venue, activity, date, v2, data } = state.timetable;
    queryClient.setQueryData([...activityKeys.timetable(venue, activity, date, v2), 'online', null], camelize(data));
  }
  if (state.user !== undefined && !context.exchangingToken) {
    queryClient.setQueryData(authKeys.user(), state.user ? camelize(state.user) : null);
    sessionBelief.set(Boolean(state.user));
  }
}
