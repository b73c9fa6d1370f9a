import { restrictionMessages, type WaitlistOffer } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { WaiverConsents } from '../../../components/waiver-consent';
import { api, type Camelize, isApiError } from '../../../lib/api';
import { showMoney } from '../../../lib/format';
import { waiversAgreed, waiversToAgree } from '../../../lib/restrictions';
import { useAcceptOffer } from '../../account/api/waitlists';
import { showSessionStart } from '../../account/format';
import { loginModal, useUser } from '../../auth';

/**
 * /waitlist-offer/:token, the link in a waitlist offer email: the place held for the customer, to put in the basket.
 * A session with a waiver to agree asks it here (the add's gate applies to the offer too: decision 187); one that
 * needs an induction says so, and the server refuses until it is done.
 */
export function WaitlistOfferPage() {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  usePage({ title: t('waitlists.offerTitle') });
  const { user, isPending: userPending } = useUser();
  // The offer is only its owner's to see: a visitor (an email opened on another device) logs in first, rather than
  // being told the place is gone while it is still held for them.
  const offer = useQuery({
    queryKey: ['waitlist-offer', token, user?.id],
    queryFn: async () => (await api.get<Camelize<WaitlistOffer>>(`/api/waitlist-offers/${token}`)).data,
    enabled: Boolean(user),
  });
  const accept = useAcceptOffer();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState<number[]>([]);
  const o = offer.data;
  const waivers = waiversToAgree(o?.restrictions);
  const induction = o?.restrictions?.prePurchaseInduction ?? null;
  const waiverError =
    isApiError(accept.error) && accept.error.fieldErrors.activity_restriction_ids
      ? accept.error.fieldErrors.activity_restriction_ids.join(' ')
      : undefined;
  if (userPending) return <PageSpinner label={t('waitlists.offerTitle')} />;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
      <h1 className="text-4xl font-bold">{t('waitlists.offerTitle')}</h1>
      {!user ? (
        <>
          <p>{t('waitlists.logInForOffer')}</p>
          <Button onPress={() => loginModal.open()} className="self-start">
            {t('logIn')}
          </Button>
        </>
      ) : o ? (
        <>
          <p className="text-xl font-bold">{o.name}</p>
          <p>{showSessionStart(o.startsAt.text)}</p>
          {o.status === 'offered' ? (
            <>
              {induction?.relatedCategory ? (
                <p className="font-bold">{restrictionMessages.inductionFirst(induction.relatedCategory.name)}</p>
              ) : null}
              {waivers.length > 0 ? <WaiverConsents waivers={waivers} agreed={agreed} onChange={setAgreed} error={waiverError} /> : null}
              <Button
                className="self-start"
                isDisabled={accept.isPending || !waiversAgreed(waivers, agreed)}
                onPress={() =>
                  accept.mutate(
                    { token, activityRestrictionIds: waivers.filter((w) => agreed.includes(w.id)).map((w) => w.id) },
                    { onSuccess: () => navigate('/basket') },
                  )
                }
              >
                {t('waitlists.addToBasket', { price: showMoney(o.price) })}
              </Button>
            </>
          ) : (
            <p>{t('waitlists.gone')}</p>
          )}
        </>
      ) : offer.isError ? (
        <p>{t('waitlists.gone')}</p>
      ) : null}
    </div>
  );
}
