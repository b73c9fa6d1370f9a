import { ShoppingBasket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { bookingsHref } from '../../features/account';
import { AreaLink } from './area-link';

/**
 * The basket icon and its item-count badge. The badge always shows on desktop and, on mobile, only for a
 * logged-in user (doc 1, section 2). The basket is a booking page (on the bookings sub-domain under the split).
 */
export function BasketLink({ count, showBadge }: { count: number; showBadge: boolean }) {
  const { t } = useTranslation();
  const label = showBadge ? `${t('basketLink')}, ${t('basketCount', { count })}` : t('basketLink');
  return (
    <AreaLink
      to={bookingsHref('/basket')}
      aria-label={label}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-white/10"
    >
      <ShoppingBasket aria-hidden="true" className="size-7" />
      {showBadge ? (
        <span
          aria-hidden="true"
          data-testid="basket-badge"
          className="absolute -right-1 -top-1 flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-sm font-bold text-on-primary ring-2 ring-header"
        >
          {count}
        </span>
      ) : null}
    </AreaLink>
  );
}
