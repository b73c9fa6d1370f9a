import { Accessibility, Car, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { Photo } from '../../../components/photo';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { selectVenue } from '../../../lib/selected-venue';
import { useClient } from '../../tenancy';
import { useTodaysSessions } from '../api/get-todays-sessions';
import { useVenue } from '../api/get-venue';
import type { VenueInfo } from '../api/get-venues';
import { VenueMap } from '../components/venue-map';
import { mapsLink } from '../maps-link';

function Section({ id, title, icon, children }: { id: string; title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="flex items-center gap-2 text-2xl font-bold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The venue on the operator's map tiles, when it has a position: the same map as the venue search (decision 247). */
const MAP_RADIUS_MILES = 0.5;

function WhatsOnToday({ venue }: { venue: VenueInfo }) {
  const { t } = useTranslation('home');
  const { data: client } = useClient();
  const today = useTodaysSessions(venue.id, client?.timezone);
  const sessions = (today.data ?? []).slice(0, 8);
  return (
    <Section id="centre-today" title={t('centre.today')}>
      {today.isPending ? null : sessions.length === 0 ? (
        <p>{t('centre.todayNone')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200 rounded-md border border-gray-300">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
              <span>
                <span className="font-bold">{`${s.startsAt.format24Hour} ${s.templateName}`}</span>
                <span className="block text-sm text-gray-700">{s.friendlyLocationName ?? s.locationName}</span>
              </span>
              <span className="text-sm">
                {s.capacity.available > 0 ? t('centre.todayPlaces', { count: s.capacity.available }) : t('centre.todayFull')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/location/${venue.slug}`}
        className="self-start font-bold text-primary-text underline underline-offset-2 hover:no-underline"
      >
        {t('centre.timetable')}
      </Link>
    </Section>
  );
}

/**
 * A venue's page (issue 13, decision 170): its photo, how to get in touch, address with a map link, opening times,
 * facilities, accessibility, parking, what's on for the rest of today, and a way into its activities.
 */
export function CentrePage() {
  const { t } = useTranslation('home');
  const { venue: slug } = useParams();
  const { data: client } = useClient();
  const { data: venue, isPending, error } = useVenue(slug);
  const navigate = useNavigate();
  usePage({ title: venue?.name, crumbs: venue ? [{ label: venue.name }] : undefined });

  if (statusOf(error) === 404) return <NotFoundMessage />;
  if (isPending || !venue) return <PageSpinner label={t('title')} />;

  const address = [venue.address1, venue.address2, venue.town, venue.area, venue.postcode].filter(Boolean) as string[];
  const link = mapsLink(
    { name: venue.name, address: address.join(', '), coordinates: venue.coordinates },
    typeof navigator === 'undefined' ? '' : navigator.userAgent,
  );
  const book = () => {
    selectVenue(venue.slug);
    navigate(`/location/${venue.slug}`);
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-4xl font-bold">{venue.name}</h1>
      {venue.photo ? (
        <Photo photo={venue.photo} sizes="(min-width: 1280px) 1216px, 100vw" eager className="aspect-[16/9] max-h-80 rounded-lg" />
      ) : null}
      <div>
        <Button onPress={book}>{t('centre.bookHere')}</Button>
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <WhatsOnToday venue={venue} />
        <div className="flex flex-col gap-6">
          <Section id="centre-address" title={t('centre.address')} icon={<MapPin aria-hidden="true" className="size-6" />}>
            <address className="not-italic">
              {address.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </address>
            {venue.coordinates && client ? (
              <VenueMap
                tileUrl={client.map.tileUrl}
                centre={{ lat: venue.coordinates.latitude, lng: venue.coordinates.longitude }}
                radiusMiles={MAP_RADIUS_MILES}
                venues={[
                  { slug: venue.slug, name: venue.name, lat: venue.coordinates.latitude, lng: venue.coordinates.longitude, number: 1 },
                ]}
                searchedLabel={venue.name}
                label={t('centre.mapPicture', { name: venue.name })}
                failedText={t('centre.mapFailed')}
                markCentre={false}
              />
            ) : null}
            {address.length > 0 || venue.coordinates ? (
              <a
                href={link.href}
                {...(link.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="self-start font-bold text-primary-text underline underline-offset-2 hover:no-underline"
              >
                {t(link.kind === 'app' ? 'centre.mapApp' : 'centre.map', { name: venue.name })}
              </a>
            ) : null}
          </Section>
          {venue.phone || venue.email ? (
            <Section id="centre-contact" title={t('centre.contact')}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {venue.phone ? (
                  <>
                    <dt className="flex items-center gap-2">
                      <Phone aria-hidden="true" className="size-4" />
                      {t('centre.phone')}
                    </dt>
                    <dd>
                      <a href={`tel:${venue.phone.replace(/\s+/g, '')}`} className="text-primary-text underline underline-offset-2">
                        {venue.phone}
                      </a>
                    </dd>
                  </>
                ) : null}
                {venue.email ? (
                  <>
                    <dt className="flex items-center gap-2">
                      <Mail aria-hidden="true" className="size-4" />
                      {t('centre.email')}
                    </dt>
                    <dd>
                      <a href={`mailto:${venue.email}`} className="break-all text-primary-text underline underline-offset-2">
                        {venue.email}
                      </a>
                    </dd>
                  </>
                ) : null}
              </dl>
            </Section>
          ) : null}
          <Section id="centre-hours" title={t('centre.openingTimes')}>
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
          </Section>
        </div>
        {venue.facilities.length > 0 ? (
          <Section id="centre-facilities" title={t('centre.facilities')}>
            <ul className="list-disc pl-5">
              {venue.facilities.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </Section>
        ) : null}
        {venue.accessibility ? (
          <Section
            id="centre-accessibility"
            title={t('centre.accessibility')}
            icon={<Accessibility aria-hidden="true" className="size-6" />}
          >
            <p>{venue.accessibility}</p>
          </Section>
        ) : null}
        {venue.parking ? (
          <Section id="centre-parking" title={t('centre.parking')} icon={<Car aria-hidden="true" className="size-6" />}>
            <p>{venue.parking}</p>
          </Section>
        ) : null}
      </div>
    </div>
  );
}
