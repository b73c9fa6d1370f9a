import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { showDateTime } from '../../../lib/format';
import { ordinal } from '../../waitlists';
import { useAcceptOffer, useMyWaitlists } from '../api/waitlists';
import { showSessionStart } from '../format';
import { useAccount } from '../use-account';

/** My account: the customer's waitlists, their place in each queue ('3rd in the queue'), and a place held for them. */
export function WaitlistSection() {
  const { t } = useTranslation('account');
  const { who } = useAccount();
  const query = useMyWaitlists(who);
  const accept = useAcceptOffer();
  const navigate = useNavigate();
  const entries = query.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="waitlists" className="flex flex-col gap-3">
      <h2 id="waitlists" className="text-2xl font-bold">
        {t('waitlists.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {entries.map((w) => (
          <li
            key={w.id}
            className="flex flex-col gap-2 rounded-lg border border-gray-300 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex flex-col gap-1">
              <h3 className="text-xl font-bold">{w.name}</h3>
              <p>{showSessionStart(w.startsAt.text)}</p>
            </div>
            {w.offer ? (
              <div className="flex flex-col items-start gap-2 sm:items-end">
                <p className="font-bold">
                  {t('waitlists.offered', {
                    until: showDateTime(w.offer.expiresAt),
                  })}
                </p>
                <Button
                  size="sm"
                  isDisabled={accept.isPending}
                  aria-label={t('waitlists.bookNamed', { name: w.name, when: showSessionStart(w.startsAt.text) })}
                  onPress={() => accept.mutate({ token: w.offer?.token ?? '' }, { onSuccess: () => navigate('/basket') })}
                >
                  {t('waitlists.book')}
                </Button>
              </div>
            ) : w.position ? (
              <span className="rounded-full bg-secondary-2 px-3 py-1 text-sm font-bold text-gray-800">
                {t('waitlists.position', { ordinal: ordinal(w.position) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
