import type { WaitlistOffer } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { api, type Camelize } from '../../../lib/api';
import { useAcceptOffer } from '../../account/api/waitlists';
import { showSessionStart } from '../../account/format';
import { loginModal, useUser } from '../../auth';

/** /waitlist-offer/:token, the link in a waitlist offer email: the place held for the customer, to put in the basket. */
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
  const o = offer.data;
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
            <Button isDisabled={accept.isPending} onPress={() => accept.mutate(token, { onSuccess: () => navigate('/basket') })}>
              {t('waitlists.addToBasket', { price: o.price.formatted })}
            </Button>
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
