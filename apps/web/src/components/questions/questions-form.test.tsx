import type { CustomQuestion, CustomQuestionSection } from '@app/contracts';
import type { FormValue } from '@app/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { answersToSend, type QuestionValues, questionErrors, questionErrorsFrom } from './answers';
import { QuestionsForm } from './questions-form';

const q = (id: number, type: CustomQuestion['type'], question: string, over: Partial<CustomQuestion> = {}): CustomQuestion => ({
  id,
  type,
  question,
  required: true,
  options: [],
  position: id,
  min_length: null,
  max_length: null,
  questions: [],
  ...over,
});
const opts = (...values: string[]) => values.map((value, i) => ({ id: i + 1, value }));

const sections: CustomQuestionSection[] = [
  {
    id: 1,
    title: 'About the swimmer',
    description: 'Our teachers read these first.',
    position: 0,
    questions: [
      q(1, 'text', 'Emergency contact', { min_length: 5, max_length: 20 }),
      q(2, 'textarea', 'Medical conditions', { max_length: 50 }),
      q(3, 'number', 'Age'),
      q(4, 'select', 'Swimming level', { options: opts('Beginner', 'Improver') }),
      q(5, 'radio', 'Preferred lane', { options: opts('Fast', 'Slow') }),
      q(6, 'multi_select', 'Lunch days', { options: opts('Monday', 'Tuesday') }),
      q(7, 'checkbox', 'Shirt size', { options: opts('Small', 'Large') }),
      q(8, 'checkbox', 'I agree to photos'),
      q(9, 'date', 'Date of birth'),
      q(10, 'text', 'Nickname', { required: false }),
    ],
  },
];

/** The form as the booking page holds it: values in state, errors shown once a field is left, server errors on top. */
function Harness({ server = {} }: { server?: Record<number, string> }) {
  const [values, setValues] = useState<QuestionValues>({});
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const local = questionErrors(sections, values);
  const shown: Record<number, string> = { ...server };
  for (const [id, m] of Object.entries(local)) if (touched.has(Number(id)) && !shown[Number(id)]) shown[Number(id)] = m;
  return (
    <>
      <QuestionsForm
        sections={sections}
        values={values}
        errors={shown}
        onChange={(id: number, v: FormValue) => setValues((x) => ({ ...x, [id]: v }))}
        onBlur={(id) => setTouched((s) => new Set(s).add(id))}
      />
      <output data-testid="answers">{JSON.stringify(answersToSend(sections, values))}</output>
    </>
  );
}

// Typing through every field takes a while on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

describe('the custom questions form', () => {
  it('says each required type’s message in the spec’s words when every field is left empty', () => {
    const errors = questionErrors(sections, {});
    expect(errors).toEqual({
      1: 'This field is required',
      2: 'This field is required',
      3: 'This field is required',
      4: 'Please select an option',
      5: 'Please select an option',
      6: 'Please select at least one option',
      7: 'Please select an option',
      8: 'This field is required',
      9: 'Please select a date',
    });
  });

  it('shows a field’s message once it is left, the length rules, and the text area’s character count', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'About the swimmer' })).toBeInTheDocument();
    const contact = screen.getByRole('textbox', { name: 'Emergency contact' });
    await user.type(contact, 'Al');
    await user.tab();
    expect(screen.getByText('Must contain at least 5 character(s)')).toBeInTheDocument();
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    await user.type(contact, 'ex M');
    expect(screen.queryByText('Must contain at least 5 character(s)')).not.toBeInTheDocument();
    expect(contact).toHaveAttribute('maxlength', '20');

    const medical = screen.getByRole('textbox', { name: 'Medical conditions' });
    expect(screen.getByText('Character count: 0/50')).toBeInTheDocument();
    await user.type(medical, 'Asthma');
    expect(screen.getByText('Character count: 6/50')).toBeInTheDocument();
    expect(medical).toHaveAttribute('maxlength', '50');

    await user.click(screen.getByRole('checkbox', { name: 'I agree to photos' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to photos' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('types each answer per doc 2 and leaves empty optional answers out', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Emergency contact' }), 'Alex Morgan');
    await user.type(screen.getByRole('textbox', { name: 'Medical conditions' }), 'None');
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '9');
    await user.click(screen.getByRole('button', { name: /Swimming level/ }));
    await user.click(await screen.findByRole('option', { name: 'Improver' }));
    await user.click(screen.getByRole('radio', { name: 'Slow' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to photos' }));
    await user.type(screen.getByLabelText('Date of birth'), '2017-05-04');
    const sent = JSON.parse(screen.getByTestId('answers').textContent ?? '[]');
    expect(sent).toEqual([
      { customQuestionId: 1, answer: 'Alex Morgan' },
      { customQuestionId: 2, answer: 'None' },
      { customQuestionId: 3, answer: 9 },
      { customQuestionId: 4, answer: 2 },
      { customQuestionId: 5, answer: 2 },
      { customQuestionId: 6, answer: [2, 1] },
      { customQuestionId: 7, answer: 2 },
      { customQuestionId: 8, answer: true },
      { customQuestionId: 9, answer: '2017-05-04' },
    ]);
  });

  it('maps a 422 keyed custom_question_answers.<id> onto that field, first message only', () => {
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      fieldErrors: {
        'items.0.custom_question_answers.4': ['Please select an option', 'Another'],
        'items.0.custom_question_answers.9': ['Please select a date'],
        'items.0.quantity': ['Required'],
      },
    });
    expect(questionErrorsFrom(error)).toEqual({ 4: 'Please select an option', 9: 'Please select a date' });
    expect(questionErrorsFrom(new ApiError(409, { message: 'Full' }))).toEqual({});
    render(<Harness server={questionErrorsFrom(error)} />);
    expect(screen.getByText('Please select a date')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
  });

  it('names an unsupported question type', () => {
    render(
      <QuestionsForm
        sections={[{ ...(sections[0] as CustomQuestionSection), questions: [q(11, 'signature' as CustomQuestion['type'], 'Sign')] }]}
        values={{}}
        errors={{}}
        onChange={() => {}}
        onBlur={() => {}}
      />,
    );
    expect(screen.getByText('Unsupported question type: signature')).toBeInTheDocument();
  });
});
