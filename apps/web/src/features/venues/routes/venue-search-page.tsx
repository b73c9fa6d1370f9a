import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { useClient } from '../../tenancy';
import { useVenueSearch } from '../api/search-venues';
import { VenueMap } from '../components/venue-map';
import { VenueResults } from '../components/venue-results';
import { VenueSearchForm } from '../components/venue-search-form';
import { searchFromUrl, searchToUrl } from '../search-form-schema';

/**
 * /venues/search: find venues by town, postcode or the customer's location, within a radius in miles. The search
 * lives in the address, so Back and shared links show the same results. Results are a numbered list, with a map
 * above it when the map's tiles load.
 */
export function VenueSearchPage() {
  const { t } = useTranslation('venues');
  usePage({ title: t('search.title'), crumbs: [{ label: t('search.title') }] });
  const { data: client } = useClient();
  const [query, setQuery] = useSearchParams();
  const params = searchFromUrl(query);
  const search = useVenueSearch(params);
  const result = search.data;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{t('search.title')}</h1>
        <p className="mt-2 text-lg">{t('search.intro')}</p>
      </div>
      {client ? (
        <VenueSearchForm
          defaultRadius={client.map.defaultRadius}
          isSearching={search.isFetching}
          onSearch={(next) => setQuery(searchToUrl(next))}
        />
      ) : null}
      {params && search.isPending ? <PageSpinner label={t('search.searching')} /> : null}
      {search.isError ? <Alert>{search.error.message || t('search.failed')}</Alert> : null}
      {result ? (
        <section aria-labelledby="venue-results" className="flex flex-col gap-4">
          <div>
            <h2 id="venue-results" className="text-2xl font-bold">
              {t('results.title')}
            </h2>
            <p>
              {t('results.near', {
                radius: result.radius,
                place: result.searched?.label ?? result.searchTerm ?? t('results.yourLocation'),
              })}
            </p>
          </div>
          {result.message ? (
            <p role="status" className="text-lg font-bold">
              {result.message}
            </p>
          ) : null}
          {client && result.searched && !result.noVenuesFound ? (
            <VenueMap
              key={`${result.searched.latitude},${result.searched.longitude},${result.radius}`}
              tileUrl={client.map.tileUrl}
              centre={{ lat: result.searched.latitude, lng: result.searched.longitude }}
              radiusMiles={result.radius}
              searchedLabel={result.searched.label}
              venues={result.venues.map((v, i) => ({ slug: v.slug, name: v.name, lat: v.lat, lng: v.lng, number: i + 1 }))}
            />
          ) : null}
          {result.venues.length ? <VenueResults venues={result.venues} /> : null}
        </section>
      ) : null}
    </div>
  );
}
