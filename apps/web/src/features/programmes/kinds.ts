import { deskMode } from '../../lib/desk-mode';

/** The two kinds of programme and where each lives (doc 2, section 2). */
export type ProgrammeKind = 'courses' | 'camps';

/**
 * '/courses/location' or '/camps/location'; at the desk, the same pages under the console's booking path
 * ('/staff/customers/11/book/12/courses/location'), so every link between them stays at the desk (decision 260).
 */
export const locationPrefix = (kind: ProgrammeKind) => `${deskMode.current()?.programmesPath ?? ''}/${kind}/location`;

/**
 * The course and camp pages at the desk (issue 15 item 3, decision 260): the customers' own paths under the desk's
 * booking path for a customer and whom it is for. Listed here so the router and the console's routes share them.
 */
export const deskProgrammePaths = (['courses', 'camps'] as const).flatMap((kind) => {
  const base = `customers/:customerId/book/:forId/${kind}/location/:venueSlug/:activitySlug`;
  const slug = kind === 'courses' ? ':courseSlug' : ':campSlug';
  return [
    { path: base, kind, page: 'list' as const },
    { path: `${base}/timetable`, kind, page: 'timetable' as const },
    { path: `${base}/timetable/${slug}`, kind, page: 'details' as const },
    { path: `${base}/${slug}/book`, kind, page: 'book' as const },
  ];
});
