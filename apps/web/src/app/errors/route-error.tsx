import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorMessage, NotFoundMessage } from '../../components/error-pages';
import { statusOf } from '../../lib/api';

/**
 * What a crash or a failed page query shows: the not-found page for a 404, the full-page error for anything
 * else. `standalone` when the shell itself could not render.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const notFound = (isRouteErrorResponse(error) && error.status === 404) || statusOf(error) === 404;
  if (import.meta.env.DEV) console.error(error);
  return notFound ? <NotFoundMessage standalone={standalone} /> : <ErrorMessage standalone={standalone} />;
}
