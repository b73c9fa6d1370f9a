import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ErrorMessage, NotFoundMessage } from '../../../components/error-pages';
import { PageSpinner } from '../../../components/spinner';
import { type ClientInfo, useClient } from '../api/get-client';

/**
 * The pages of a feature the client has switched off (doc 1, section 6: campsAndCoursesBookingEnabled,
 * onlineJoiningEnabled) are not there: reached by address they show the not-found page, as their calls answer 404
 * (issue 13, defect 15). A route element, wrapping the feature's routes.
 */
export function FeatureGate({ feature }: { feature: keyof ClientInfo['features'] }) {
  const { t } = useTranslation();
  const { data: client, isError } = useClient();
  if (isError) return <ErrorMessage />;
  if (!client) return <PageSpinner label={t('loading')} />;
  return client.features[feature] ? <Outlet /> : <NotFoundMessage />;
}
