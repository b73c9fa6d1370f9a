import type { CustomQuestion } from '@app/contracts';
import type { FormValue } from '@app/domain';
import type { QuestionErrors, QuestionValues, Sections } from './answers';
import { QuestionField } from './question-field';

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;

interface QuestionsFormProps {
  sections: Sections;
  values: QuestionValues;
  /** The messages to show now (of the fields touched, or every field after a refused add). */
  errors: QuestionErrors;
  onChange: (id: number, value: FormValue) => void;
  onBlur: (id: number) => void;
}

/**
 * The custom question sections of a course or camp (doc 2): each section's title and description, then its
 * questions in order; a group (the schedule API's type) is a heading over the questions in it.
 */
export function QuestionsForm({ sections, values, errors, onChange, onBlur }: QuestionsFormProps) {
  const field = (q: CustomQuestion) => (
    <QuestionField
      key={q.id}
      question={q}
      value={values[q.id]}
      error={errors[q.id]}
      onChange={(v) => onChange(q.id, v)}
      onBlur={() => onBlur(q.id)}
    />
  );
  return (
    <div className="flex flex-col gap-6">
      {[...sections].sort(byPosition).map((s) => (
        <fieldset key={s.id} className="flex flex-col gap-4">
          <legend className="mb-1 text-xl font-bold">{s.title}</legend>
          {s.description ? <p className="text-gray-700">{s.description}</p> : null}
          {[...s.questions].sort(byPosition).map((q) =>
            q.type === 'group' ? (
              <fieldset key={q.id} className="flex flex-col gap-4 border-l-4 border-gray-300 pl-4">
                <legend className="mb-1 font-bold">{q.question}</legend>
                {[...q.questions].sort(byPosition).map((c) => field({ ...c, questions: [] }))}
              </fieldset>
            ) : (
              field(q)
            ),
          )}
        </fieldset>
      ))}
    </div>
  );
}
