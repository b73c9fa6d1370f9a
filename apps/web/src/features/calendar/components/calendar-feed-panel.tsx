import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useCalendarFeed, useRemoveCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/** My account: the private calendar feed, made, replaced or turned off by its owner (decision 108). */
export function CalendarFeedPanel() {
  const { t } = useTranslation('calendar');
  const headingId = useId();
  const urlId = useId();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const fresh = reset.data && !remove.isSuccess ? reset.data.url : null;
  const active = feed.data?.active ?? false;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-gray-300 p-4">
      <h2 id={headingId} className="text-2xl font-bold">
        {t('feed.title')}
      </h2>
      <p>{t('feed.intro')}</p>
      {fresh ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={urlId} className="font-bold">
            {t('feed.urlLabel')}
          </label>
          <input
            id={urlId}
            readOnly
            value={fresh}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-md border border-gray-500 px-3 py-2 font-mono text-sm"
          />
          <p className="text-sm">{t('feed.copyHint')}</p>
        </div>
      ) : feed.data ? (
        <p>{active ? t('feed.active') : t('feed.none')}</p>
      ) : null}
      {reset.isError || remove.isError ? <Alert>{t('feed.failed')}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" isDisabled={reset.isPending} onPress={() => reset.mutate()}>
          {active || fresh ? t('feed.reset') : t('feed.create')}
        </Button>
        {active ? (
          <Button
            variant="secondary"
            size="sm"
            isDisabled={remove.isPending}
            onPress={() => remove.mutate(undefined, { onSuccess: () => reset.reset() })}
          >
            {t('feed.turnOff')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
