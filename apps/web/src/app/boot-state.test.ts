import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { activityKeys } from '../features/activities/keys';
import { authKeys } from '../features/auth';
import { tenancyKeys } from '../features/tenancy';
import { venueKeys } from '../features/venues/keys';
import { sessionBelief } from '../lib/api';
import { selectedUser } from '../lib/selected-user';
import { clientWire, userWire } from '../test/fixtures';
import { BOOT_STATE_ID, seedBootState, takeBootState } from './boot-state';

const theme = { theme_app_primary_colour: '#0f766e', theme_app_body_font_style: 'open_sans' };

function pageWith(json: string): void {
  const script = document.createElement('script');
  script.id = BOOT_STATE_ID;
  script.type = 'application/json';
  script.textContent = json;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(BOOT_STATE_ID)?.remove();
  sessionBelief.set(false);
});

describe('the boot state written into the page', () => {
  it('is read once and taken out of the page', () => {
    pageWith(JSON.stringify({ client: clientWire() }));
    expect(takeBootState().client?.identifier).toBe('northfield');
    expect(document.getElementById(BOOT_STATE_ID)).toBeNull();
    expect(takeBootState()).toEqual({});
  });

  it('is ignored when it is not JSON', () => {
    pageWith('{not json');
    expect(takeBootState()).toEqual({});
  });

  it('puts the client, the theme and the user in the cache as the API client would (camelCase)', () => {
    const queryClient = new QueryClient();
    seedBootState(
      queryClient,
      {
        client: clientWire() as never,
        themes: [
          { venue: null, data: theme as never },
          { venue: 'harrogate', data: theme as never },
        ],
        user: userWire as never,
      },
      { exchangingToken: false },
    );
    expect(queryClient.getQueryData<{ identifier: string }>(tenancyKeys.client())?.identifier).toBe('northfield');
    expect(queryClient.getQueryData(tenancyKeys.theme('harrogate'))).toEqual({
      themeAppPrimaryColour: '#0f766e',
      themeAppBodyFontStyle: 'open_sans',
    });
    expect(queryClient.getQueryData<{ firstName: string }>(authKeys.user())?.firstName).toBe('Alex');
    expect(sessionBelief.loggedIn).toBe(true);
  });

  it("puts an activity page's venue and category where the page's queries look for them", () => {
    const queryClient = new QueryClient();
    seedBootState(
      queryClient,
      {
        venue: {
          slug: 'harrogate',
          data: { slug: 'harrogate', name: 'Harrogate Leisure Centre', activities_v2_migration_date: null } as never,
        },
        category: { venue: 'harrogate', slug: 'spin', data: { slug: 'spin', name: 'Spin', v2_type: 'classes', parent: null } as never },
      },
      { exchangingToken: false },
    );
    expect(queryClient.getQueryData(venueKeys.detail('harrogate'))).toMatchObject({
      name: 'Harrogate Leisure Centre',
      activitiesV2MigrationDate: null,
    });
    expect(queryClient.getQueryData(activityKeys.category('harrogate', 'spin'))).toMatchObject({ name: 'Spin', v2Type: 'classes' });
  });

  it('records a visitor as nobody logged in, so the app does not ask', () => {
    const queryClient = new QueryClient();
    seedBootState(queryClient, { user: null }, { exchangingToken: false });
    expect(queryClient.getQueryState(authKeys.user())?.status).toBe('success');
    expect(queryClient.getQueryData(authKeys.user())).toBeNull();
    expect(sessionBelief.loggedIn).toBe(false);
  });

  it('files each theme under its own venue only', () => {
    const queryClient = new QueryClient();
    seedBootState(queryClient, { themes: [{ venue: 'ripon', data: theme as never }] }, { exchangingToken: false });
    expect(queryClient.getQueryData(tenancyKeys.theme('harrogate'))).toBeUndefined();
    expect(queryClient.getQueryData(tenancyKeys.theme('ripon'))).toBeDefined();
  });

  it('leaves the user to be asked for while a login token is exchanged', () => {
    const queryClient = new QueryClient();
    seedBootState(queryClient, { user: null }, { exchangingToken: true });
    expect(queryClient.getQueryState(authKeys.user())).toBeUndefined();
  });

  it("puts what the page shows first where its queries look: the footer, the venues, a venue's activities, a class day", () => {
    const queryClient = new QueryClient();
    const venue = { slug: 'harrogate', name: 'Harrogate', lat: 54, lng: -1.5 };
    const nowhere = { slug: 'nowhere', name: 'Nowhere', lat: 200, lng: 0 };
    seedBootState(
      queryClient,
      {
        footer: { venue: 'harrogate', html: '<p>Open daily</p>' },
        venues: [venue, nowhere] as never,
        categories: { venue: 'harrogate', data: [{ slug: 'spin', booking_type: 'classes' }] as never },
        timetable: { venue: 'harrogate', activity: 'spin', date: '2026-11-30', v2: true, data: [{ id: 'a', start_time: 'x' }] as never },
        dates: { venue: 'harrogate', category: 'spin', data: { '2026-12-01': {}, '2026-11-30': {} } },
      },
      { exchangingToken: false },
    );
    expect(queryClient.getQueryData(tenancyKeys.footer('harrogate'))).toBe('<p>Open daily</p>');
    // The list as the app keeps it: a venue whose coordinates are out of range left out (doc 1, section 3).
    expect(queryClient.getQueryData<{ slug: string }[]>(venueKeys.list())?.map((v) => v.slug)).toEqual(['harrogate']);
    expect(queryClient.getQueryData(activityKeys.categories('harrogate'))).toEqual([{ slug: 'spin', bookingType: 'classes' }]);
    expect(queryClient.getQueryData([...activityKeys.timetable('harrogate', 'spin', '2026-11-30', true), 'online', null])).toEqual([
      { id: 'a', startTime: 'x' },
    ]);
    expect(queryClient.getQueryData(activityKeys.dates('harrogate', 'spin'))).toEqual(['2026-11-30', '2026-12-01']);
  });

  it("files a day's sessions only for the customer's own view, not while booking for a linked person", () => {
    selectedUser.set(1, 7);
    try {
      const queryClient = new QueryClient();
      const timetable = { venue: 'harrogate', activity: 'spin', date: '2026-11-30', v2: true, data: [] };
      seedBootState(queryClient, { timetable }, { exchangingToken: false });
      expect(queryClient.getQueryCache().findAll({ queryKey: activityKeys.timetables() })).toHaveLength(0);
    } finally {
      selectedUser.set(1, null);
    }
  });
});
