import { dateFormats, dayjs } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showDate, showMoney } from '../../../lib/format';
import type { AccountBundle } from '../api/get-booking-bundles';

const shown = (q: AccountBundle['customQuestionSections'][number]['questions'][number]) => {
  if (q.answers) return q.answers.length ? q.answers.join(', ') : null;
  if (q.answer === null) return null;
  // Dates are kept YYYY-MM-DD and shown DD-MM-YYYY (doc 2, section 5).
  return q.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(q.answer) ? dayjs(q.answer).format(dateFormats.display) : q.answer;
};

/**
 * Courses and camps as bought (doc 2's booking bundle): who attends, the sessions, the total, and the answers given to
 * the custom questions, section by section ("simple: answer; date: answer; multi: answers").
 */
export function BundleList({ bundles }: { bundles: AccountBundle[] }) {
  const { t } = useTranslation('account');
  return (
    <ul className="flex flex-col gap-4">
      {bundles.map((b) => (
        <li key={b.id} className="flex flex-col gap-2 rounded-md border border-gray-300 bg-white p-4">
          <h3 className="text-xl font-bold">{b.name}</h3>
          <p>
            {t('bundles.summary', {
              person: `${b.user.firstName} ${b.user.lastName}`,
              count: b.bookings.length,
              venue: b.venue.name,
            })}
          </p>
          {b.bookings[0] ? (
            <p className="text-sm text-gray-700">
              {t('bundles.from', {
                from: showDate(b.bookings[0].startsAt.text),
                to: showDate(b.bookings.at(-1)?.startsAt.text),
              })}
            </p>
          ) : null}
          {b.totalPrice ? <p className="font-bold">{t('bundles.total', { price: showMoney(b.totalPrice) })}</p> : null}
          {b.customQuestionSections.map((s) => (
            <section key={`${s.position}-${s.title}`} aria-label={s.title} className="flex flex-col gap-1">
              <h4 className="font-bold">{s.title}</h4>
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                {s.questions.map((q) => (
                  <div key={q.id} className="contents">
                    <dt className="text-gray-800">{q.question}</dt>
                    <dd className="whitespace-pre-wrap">{shown(q) ?? t('bundles.noAnswer')}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          {b.waivers.length ? <p className="text-sm">{t('bundles.waivers', { names: b.waivers.map((w) => w.name).join(', ') })}</p> : null}
        </li>
      ))}
    </ul>
  );
}
