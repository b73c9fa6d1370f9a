import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { selectVenue } from '../../../lib/selected-venue';
import { useVenue } from '../api/get-venue';

/** A venue's page: address, opening times and a way into its activities. */
export function CentrePage() {
  const { t } = useTranslation('home');
  const { venue: slug } = useParams();
  const { data: venue, isPending, error } = useVenue(slug);
  const navigate = useNavigate();
  usePage({ title: venue?.name, crumbs: venue ? [{ label: venue.name }] : undefined });

  if (statusOf(error) === 404) return <NotFoundMessage />;
  if (isPending || !venue) return <PageSpinner label={t('title')} />;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-4xl font-bold">{venue.name}</h1>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="centre-address">
          <h2 id="centre-address" className="mb-2 text-2xl font-bold">
            {t('centre.address')}
          </h2>
          <address className="not-italic">
            {[venue.address1, venue.address2, venue.town, venue.area, venue.postcode].filter(Boolean).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
        </section>
        <section aria-labelledby="centre-hours">
          <h2 id="centre-hours" className="mb-2 text-2xl font-bold">
            {t('centre.openingTimes')}
          </h2>
          <table className="w-full max-w-sm text-left">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('centre.day')}</th>
                <th scope="col">{t('centre.hours')}</th>
              </tr>
            </thead>
            <tbody>
              {venue.openingTimes.map((row) => (
                <tr key={row.day} className="border-b border-gray-200">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {row.day}
                  </th>
                  <td className="py-1">{`${row.opens} - ${row.closes}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <div>
        <Button
          onPress={() => {
            selectVenue(venue.slug);
            navigate(`/location/${venue.slug}`);
          }}
        >
          {t('centre.bookHere')}
        </Button>
      </div>
    </div>
  );
}
