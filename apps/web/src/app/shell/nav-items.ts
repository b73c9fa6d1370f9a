import type { ClientInfo } from '../../features/tenancy';

export interface NavItem {
  key: 'bookActivity' | 'bookCamp' | 'bookCourse' | 'buyMembership';
  to: string;
}

/** The header's booking links, by the client's feature flags (doc 1, section 2). */
export function navItems(features: ClientInfo['features'] | undefined): NavItem[] {
  const items: NavItem[] = [{ key: 'bookActivity', to: '/redirect-to-selected-venue' }];
  if (features?.campsAndCoursesBookingEnabled) {
    items.push(
      { key: 'bookCamp', to: '/camp-redirect-to-selected-venue' },
      { key: 'bookCourse', to: '/course-redirect-to-selected-venue' },
    );
  }
  if (features?.onlineJoiningEnabled) items.push({ key: 'buyMembership', to: '/pricing' });
  return items;
}
