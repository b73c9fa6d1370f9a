import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectVenue } from '../../lib/selected-venue';
import { createTestQueryClient, envelope, mockApi } from '../../test/render';
import { ThemeGate } from './theme-gate';

const theme = {
  theme_app_logo: null,
  theme_app_primary_colour: '#0f766e',
  theme_app_secondary_colour_1: '#ccfbf1',
  theme_app_secondary_colour_2: '#f0fdfa',
  theme_app_header_bg_colour: '#134e4a',
  theme_app_dark_bg_colour: '#134e4a',
  header_primary_colour: '#ffffff',
  theme_app_heading_font_style: 'lato',
  theme_app_body_font_style: 'open_sans',
  theme_app_secondary_button_style: 'outline',
};

function gate() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeGate>
        <p>The app</p>
      </ThemeGate>
    </QueryClientProvider>,
  );
}

describe('the theme gate', () => {
  it('sets the theme colours and fonts on :root, then shows the app', async () => {
    mockApi({ 'GET /api/frontend/theme': envelope(theme) });
    gate();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--theme-primary')).toBe('#0f766e');
    expect(root.getPropertyValue('--theme-header-bg')).toBe('#134e4a');
    expect(root.getPropertyValue('--theme-on-primary')).toBe('#ffffff');
    expect(root.getPropertyValue('--theme-font-body')).toContain('Open Sans');
  });

  it('asks again without the venue when the venue has no theme', async () => {
    selectVenue('nowhere');
    const { calls } = mockApi({
      'GET /api/frontend/theme': (url) =>
        url.searchParams.has('venue')
          ? { status: 404, body: { message: 'Unable to complete request, item not found.', code: 'not_found' } }
          : envelope(theme),
    });
    gate();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(calls.map((c) => c.url.search)).toEqual(['?venue=nowhere', '']);
  });

  it('asks again without the venue whatever the failure, and uses the client theme', async () => {
    selectVenue('broken');
    const { calls } = mockApi({
      'GET /api/frontend/theme': (url) =>
        url.searchParams.has('venue') ? { status: 500, body: { message: 'Boom', code: 'internal' } } : envelope(theme),
    });
    gate();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(calls.map((c) => c.url.search)).toEqual(['?venue=broken', '']);
    expect(document.documentElement.style.getPropertyValue('--theme-primary')).toBe('#0f766e');
  });

  it('sets every tint step of the primary colour and the outline secondary button', async () => {
    mockApi({ 'GET /api/frontend/theme': envelope(theme) });
    gate();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--theme-primary-500')).toBe('#0f766e');
    expect(root.getPropertyValue('--theme-primary-600')).toBe('#0c5e58');
    expect(root.getPropertyValue('--theme-primary-50')).toBe('#f3f8f8');
    expect(root.getPropertyValue('--theme-secondary-button-bg')).toBe('#ffffff');
    expect(document.documentElement.dataset.secondaryButton).toBe('outline');
  });

  it('shows the maintenance page on a 503', async () => {
    mockApi({ 'GET /api/frontend/theme': { status: 503, body: { message: 'Down', code: 'maintenance' } } });
    gate();
    expect(await screen.findByRole('heading', { name: 'Unable to access the site due to planned maintenance.' })).toBeInTheDocument();
  });

  it('shows the full-page error with Go home on any other failure', async () => {
    mockApi({ 'GET /api/frontend/theme': { status: 500, body: { message: 'Boom', code: 'internal' } } });
    gate();
    expect(await screen.findByRole('heading', { name: 'We may have dropped the ball on this one.' })).toBeInTheDocument();
    expect(screen.getByText('The page failed to load correctly. Try refreshing the page or return to the home page.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/'));
  });
});
