export { useVenue, venueQueryOptions } from './api/get-venue';
export { useVenues, type VenueInfo } from './api/get-venues';
export { venueKeys } from './keys';
export { CentrePage } from './routes/centre-page';
export { HomePage } from './routes/home-page';
export { RedirectToSelectedVenue } from './routes/redirect-to-selected-venue';
export { VenueRedirect } from './routes/venue-redirect';
export { VenueSearchPage } from './routes/venue-search-page';
