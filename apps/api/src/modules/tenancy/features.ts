import type { Tenant } from '../../http/context';
import { notFound } from '../../lib/errors';

type Feature = keyof Tenant['features'];

/**
 * A feature the client has switched off does not exist for it (issue 13, defect 15): its calls answer 404, as its
 * pages do, rather than serving what the header no longer links to.
 */
export function requireFeature(client: Pick<Tenant, 'features'>, feature: Feature): void {
  if (!client.features[feature]) throw notFound();
}

/** Courses and camps are the booking types behind campsAndCoursesBookingEnabled. */
export const isProgrammeType = (bookingType: string | null): boolean => bookingType === 'courses' || bookingType === 'camps';
