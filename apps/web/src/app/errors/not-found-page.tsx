import { pageMessages } from '@app/contracts';
import { NotFoundMessage } from '../../components/error-pages';
import { usePage } from '../../components/page-meta';

export function NotFoundPage() {
  usePage({ title: pageMessages.notFoundTitle });
  return <NotFoundMessage />;
}
