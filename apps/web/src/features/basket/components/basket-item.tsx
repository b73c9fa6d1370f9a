import { dayjs } from '@app/contracts';
import { Clock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import type { CartLine } from '../api/get-cart';

interface BasketItemProps {
  item: CartLine;
  /** Omit to show the line without a remove button (checkout summary). */
  onRemove?: (item: CartLine) => void;
  removing?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** One basket line: what, when, where, price; expired lines say so; a loading overlay covers it while it is removed. */
export function BasketItem({ item, onRemove, removing = false, headingLevel: Heading = 'h3' }: BasketItemProps) {
  const { t } = useTranslation('basket');
  const resource = item.cartableResource;
  const time = resource.startsAt && resource.endsAt ? `${resource.startsAt} - ${resource.endsAt}` : null;
  return (
    <article
      aria-busy={removing}
      className={`relative rounded-lg border p-4 ${item.expired ? 'border-red-700 bg-red-50' : 'border-gray-300 bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <Heading className="text-lg font-bold">{item.name}</Heading>
          {resource.date || time ? (
            <p className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4" />
              <span>{[resource.date, time].filter(Boolean).join(', ')}</span>
            </p>
          ) : null}
          {resource.venueName ? (
            <p className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4" />
              <span>{[resource.location, resource.venueName].filter(Boolean).join(', ')}</span>
            </p>
          ) : null}
          {item.expired ? (
            <p className="font-bold text-red-800">
              <span className="mr-2 rounded bg-red-800 px-2 py-0.5 text-sm text-white">{t('expired')}</span>
              {t('expiredText')}
            </p>
          ) : item.expiresAt ? (
            <p className="text-sm text-gray-700">{t('heldUntil', { time: dayjs(item.expiresAt).format('HH:mm') })}</p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-2">
          <p className="text-lg font-bold">{item.lineTotal.formatted}</p>
          {onRemove ? (
            <Button variant="link" onPress={() => onRemove(item)} isDisabled={removing} aria-label={t('removeItem', { name: item.name })}>
              {t('remove')}
            </Button>
          ) : null}
        </div>
      </div>
      {removing ? (
        <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/80">
          <Spinner label={t('removing', { name: item.name })} />
        </div>
      ) : null}
    </article>
  );
}
