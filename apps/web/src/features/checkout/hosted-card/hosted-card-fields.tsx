import { paymentMessages } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import type { PaymentSessionInfo } from '../api/prepare-payment';
import { hostedCardStep } from './card-steps';

export const HOSTED_CARD_CONTAINER_ID = 'provider-card-fields';

/**
 * The place where the provider's script mounts its card fields (Stripe's Payment Element, Opayo's Drop-in, Ryft's
 * embedded fields): an empty element of ours, filled by their code. Mounted again when the session changes.
 */
export function HostedCardFields({ session }: { session: PaymentSessionInfo | null }) {
  const { t } = useTranslation('checkout');
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const provider = session?.paymentProvider;
  const step = provider ? hostedCardStep(provider) : null;
  const mountKey = session && step ? step.mountKey(session) : '';
  // Only what the fields are bound to (the step's mount key) needs them mounted again, not every new session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session object changes identity on every render
  useEffect(() => {
    if (!session || !step || !ref.current) return;
    setFailed(false);
    step.mount(ref.current, session).catch(() => setFailed(true));
  }, [step, mountKey]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-gray-700">{t('card.testHint')}</p>
      <div id={HOSTED_CARD_CONTAINER_ID} ref={ref} data-provider={provider ?? ''} data-mount-key={mountKey} className="min-h-24" />
      {failed ? <Alert>{paymentMessages.prepareFailed}</Alert> : null}
    </div>
  );
}
