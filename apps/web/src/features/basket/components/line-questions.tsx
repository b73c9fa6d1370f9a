import type { FormValue } from '@app/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { answersToSend, type QuestionValues, questionErrors, questionErrorsFrom } from '../../../components/questions/answers';
import { QuestionsForm } from '../../../components/questions/questions-form';
import { notifyError } from '../../../lib/notify';
import { useAnswerLine } from '../api/answer-questions';
import type { CartLine } from '../api/get-cart';
import { lineNeedsAnswers, sectionsOf, valuesOf } from '../lib/line-questions';

/**
 * A basket line's questions (decision 186): a session asks its category's and its own questions after it is added
 * (doc 2 carries answers on the add only for courses and camps), so the basket asks them, open while a required one
 * is unanswered (checkout waits for them), and behind 'Change answers' once they are all given. Saved with the cart
 * answer call for this line; a refusal goes onto its field.
 */
export function LineQuestions({ line, cartId }: { line: CartLine; cartId: number }) {
  const { t } = useTranslation('basket');
  const needed = lineNeedsAnswers(line);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<QuestionValues>(() => valuesOf(line));
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [showAll, setShowAll] = useState(false);
  const save = useAnswerLine();
  const headingId = useId();
  const sections = sectionsOf(line);

  if (!needed && !open) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        {t('questions.answered')}
        <Button variant="link" onPress={() => setOpen(true)} aria-label={t('questions.changeFor', { name: line.name })}>
          {t('questions.change')}
        </Button>
      </p>
    );
  }

  const local = questionErrors(sections, values);
  const shown: Record<number, string> = {};
  for (const [id, message] of Object.entries(local)) if (showAll || touched.has(Number(id))) shown[Number(id)] = message;
  Object.assign(shown, serverErrors);

  const submit = () => {
    setShowAll(true);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { cartId, cartItemId: line.id, answers: answersToSend(sections, values) },
      {
        onSuccess: () => setOpen(false),
        onError: (error) => {
          const onFields = questionErrorsFrom(error);
          setServerErrors(onFields);
          if (Object.keys(onFields).length === 0) notifyError(error);
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-2 flex flex-col gap-4 rounded-md border border-gray-300 bg-gray-50 p-4">
      <h4 id={headingId} className="text-lg font-bold">
        {t('questions.title', { name: line.name })}
      </h4>
      {needed ? <p>{t('questions.intro')}</p> : null}
      <QuestionsForm
        sections={sections}
        values={values}
        errors={shown}
        onChange={(id: number, value: FormValue) => {
          setValues((v) => ({ ...v, [id]: value }));
          setServerErrors(({ [id]: _, ...rest }) => rest);
        }}
        onBlur={(id) => setTouched((s) => new Set(s).add(id))}
      />
      <div>
        <Button onPress={submit} isDisabled={save.isPending}>
          {t('questions.save')}
        </Button>
      </div>
    </section>
  );
}
