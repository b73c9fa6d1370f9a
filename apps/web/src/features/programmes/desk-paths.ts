/**
 * The course and camp pages at the desk (issue 15 item 3, decision 260): the customers' own paths under the desk's
 * booking path for a customer and whom it is for. Listed here, on their own, so the router
 * and the console's routes share them and the entry carries nothing else of the programmes.
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
