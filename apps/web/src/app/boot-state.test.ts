import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { activityKeys } from '../features/activities/keys';
import { authKeys } from '../features/auth';
import { tenancyKeys } from '../features/tenancy';
import { venueKeys } from '../features/venues/keys';
import { sessionBelief } from '../lib/api';
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
});
