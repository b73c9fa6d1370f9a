import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Crumb } from '../../components/page-meta';
import { statusOf } from '../../lib/api';
import { useCategory } from '../activities';
import { useProgrammes } from './api/get-programmes';
import { locationPrefix, type ProgrammeKind } from './kinds';
import { useProgrammeVenue } from './use-programme-venue';

/**
 * What the course (or camp) list and timetable pages share: the venue, the category (which must be offered there),
 * one page of its programmes, the page number and the breadcrumb trail.
 */
export function useProgrammeList(kind: ProgrammeKind) {
  const { t } = useTranslation('courses');
  const { venueSlug = '', activitySlug = '' } = useParams();
  const { venue, notFound: venueMissing } = useProgrammeVenue(venueSlug);
  const category = useCategory(venueSlug, activitySlug);
  const [page, setPage] = useState(1);
  const programmes = useProgrammes(kind, venueSlug, activitySlug, page);
  const base = `${locationPrefix(kind)}/${venueSlug}`;
  const crumbs: Crumb[] | undefined =
    venue.data && category.data
      ? [{ label: venue.data.name }, { label: t(`${kind}.title`), to: base }, { label: category.data.name }]
      : undefined;
  return {
    venueSlug,
    activitySlug,
    venue,
    category,
    programmes,
    page,
    setPage,
    crumbs,
    /** '/courses/location/harrogate' */
    base,
    /** '/courses/location/harrogate/swimming-lessons' */
    listPath: `${base}/${activitySlug}`,
    notFound: venueMissing || statusOf(category.error) === 404,
    /** Sub-categories of the kind, when the category is a group of them. */
    children: category.data?.children.filter((c) => c.bookingType === kind) ?? [],
  };
}
