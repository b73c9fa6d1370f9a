import { dayjs } from '@app/contracts';
import type { Tx } from '../db/client';
import {
  categoryRestrictions,
  customQuestionSections,
  customQuestions,
  locations,
  pricingOptions,
  recurrences,
  restrictions,
  scheduleRestrictions,
  schedules,
} from '../db/schema';
import { generateOccurrences } from '../modules/timetable/generate';

/**
 * Demo data for issue 10 (decisions 080-082): the course's questions and its pre-purchase waiver, a two-week summer
 * camp with a lunch-days question and a post-purchase waiver per child, and a gym session that needs the gym
 * induction booked first.
 */

const TZ = 'Europe/London';

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
};

type QuestionSeed = Omit<typeof customQuestions.$inferInsert, 'clientId' | 'sectionId'>;

async function section(
  tx: Tx,
  clientId: number,
  owner: { scheduleId?: number; categoryId?: number },
  s: { title: string; description: string },
  questions: QuestionSeed[],
) {
  const row = one(
    await tx
      .insert(customQuestionSections)
      .values({ clientId, ...owner, ...s })
      .returning(),
  );
  await tx.insert(customQuestions).values(questions.map((q, position) => ({ ...q, clientId, sectionId: row.id, position })));
  return row;
}

/** A waiver every swimming course asks for, agreed before the course goes into the basket (on the category). */
export async function seedSwimmingWaiver(tx: Tx, clientId: number, lessonsCategoryId: number): Promise<void> {
  const waiver = one(
    await tx
      .insert(restrictions)
      .values({
        clientId,
        name: 'Swimming lessons safety waiver',
        type: 'pre-purchase-waiver',
        terms:
          '<p>I confirm the swimmer is fit to take part in swimming lessons and will follow the instructions of the teacher and the lifeguards.</p><p>I understand that lessons take place in deep water.</p>',
        validForDays: 365,
      })
      .returning(),
  );
  await tx.insert(categoryRestrictions).values({ categoryId: lessonsCategoryId, restrictionId: waiver.id });
}

/**
 * Questions every yoga class asks (on the category), answered in the basket after the class is added (sessions
 * carry no answers on the add, doc 2): with the yoga health declaration (a pre-purchase waiver agreed on the
 * timetable), a class can be booked only with both.
 */
export async function seedYogaQuestions(tx: Tx, clientId: number, yogaCategoryId: number): Promise<void> {
  await section(
    tx,
    clientId,
    { categoryId: yogaCategoryId },
    { title: 'Before your class', description: 'Your teacher reads these before the class starts.' },
    [
      {
        type: 'select',
        question: 'How much yoga have you done before?',
        required: true,
        options: [
          { id: 1, value: 'None, I am new to yoga' },
          { id: 2, value: 'Some classes' },
          { id: 3, value: 'I practise regularly' },
        ],
      },
      { type: 'textarea', question: 'Anything your teacher should know, such as an injury?', required: false, maxLength: 300 },
    ],
  );
}

/** The course's questions: a medical question, an emergency contact, a swimming level and a photo consent. */
export async function seedCourseQuestions(tx: Tx, clientId: number, courseId: number): Promise<void> {
  await section(
    tx,
    clientId,
    { scheduleId: courseId },
    { title: 'About the swimmer', description: 'Our teachers read these before the first lesson.' },
    [
      {
        type: 'textarea',
        question: 'Please tell us about any medical conditions or allergies',
        required: true,
        maxLength: 500,
      },
      { type: 'text', question: 'Emergency contact name and phone number', required: true, minLength: 5, maxLength: 100 },
      {
        type: 'select',
        question: 'Swimming level',
        required: true,
        options: [
          { id: 1, value: 'Beginner' },
          { id: 2, value: 'Improver' },
          { id: 3, value: 'Confident' },
        ],
      },
      { type: 'checkbox', question: 'I agree to photos being taken during lessons', required: false },
    ],
  );
}

/**
 * A two-week summer camp (so its sessions list by week), sold whole or by the day, with a packed-lunch extra, a
 * question on which days lunch is needed, and a consent form agreed per child before the order completes.
 */
export async function seedSummerCamp(
  tx: Tx,
  c: { clientId: number; venueId: number; categoryId: number; locationId: number; instructorId: number; today: string },
): Promise<void> {
  // The first Monday four weeks or more away: after the half-term camp, so lists keep it first.
  const from = dayjs(c.today).add(28, 'day');
  const isoWeekday = ((from.day() + 6) % 7) + 1;
  const monday = from.add((8 - isoWeekday) % 7, 'day').format('YYYY-MM-DD');
  const friday = dayjs(monday).add(11, 'day').format('YYYY-MM-DD');
  const camp = one(
    await tx
      .insert(schedules)
      .values({
        clientId: c.clientId,
        venueId: c.venueId,
        categoryId: c.categoryId,
        bookingType: 'camps',
        name: 'Summer multi-sport camp',
        description: 'Two weeks of games, swimming and racket sports for ages 7 to 12. Book the whole camp or the days you need.',
        reference: 'SUMMERCAMP',
        price: 18000,
        individualPrice: 2200,
        pricingOptionAvailability: ['bundled', 'individual'],
        capacity: 24,
        tags: ['Ages 7-12'],
      })
      .returning(),
  );
  await tx.insert(recurrences).values({
    clientId: c.clientId,
    scheduleId: camp.id,
    weekdays: [1, 2, 3, 4, 5],
    startTime: '09:00',
    durationMinutes: 360,
    startsOn: monday,
    endsOn: friday,
    locationIds: [c.locationId],
    instructorIds: [c.instructorId],
  });
  await generateOccurrences(tx, camp.id, monday, friday, TZ);
  await tx
    .insert(pricingOptions)
    .values({ clientId: c.clientId, scheduleId: camp.id, name: 'Packed lunch', reference: 'LUNCH', price: 450, attendees: 1 });
  await section(tx, c.clientId, { scheduleId: camp.id }, { title: 'Lunch', description: 'Packed lunches are made on site.' }, [
    {
      type: 'multi_select',
      question: 'Which days will your child need a packed lunch?',
      required: false,
      options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((value, i) => ({ id: i + 1, value })),
    },
  ]);
  const consent = one(
    await tx
      .insert(restrictions)
      .values({
        clientId: c.clientId,
        name: 'Holiday camp consent form',
        type: 'post-purchase-waiver',
        terms:
          '<p>I give consent for my child to take part in all camp activities, including swimming, and for staff to arrange first aid or emergency treatment if needed.</p>',
      })
      .returning(),
  );
  await tx.insert(scheduleRestrictions).values({ scheduleId: camp.id, restrictionId: consent.id });
}

/**
 * The gym: an induction bookable from tomorrow morning, and gym sessions that need it (an induction restriction on
 * the gym session category, met by booking the induction category).
 */
export async function seedGym(
  tx: Tx,
  c: { clientId: number; venueId: number; inductionCategoryId: number; sessionCategoryId: number; today: string; days: number },
): Promise<void> {
  const floor = one(await tx.insert(locations).values({ clientId: c.clientId, venueId: c.venueId, name: 'Gym floor' }).returning());
  const to = dayjs(c.today)
    .add(c.days - 1, 'day')
    .format('YYYY-MM-DD');
  const add = async (
    values: Omit<typeof schedules.$inferInsert, 'clientId' | 'venueId' | 'bookingType'>,
    times: string[],
    minutes: number,
  ) => {
    const schedule = one(
      await tx
        .insert(schedules)
        .values({ ...values, clientId: c.clientId, venueId: c.venueId, bookingType: 'classes' })
        .returning(),
    );
    for (const startTime of times) {
      await tx.insert(recurrences).values({
        clientId: c.clientId,
        scheduleId: schedule.id,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime,
        durationMinutes: minutes,
        startsOn: c.today,
        endsOn: null,
        locationIds: [floor.id],
      });
    }
    await generateOccurrences(tx, schedule.id, c.today, to, TZ);
  };
  await add(
    {
      categoryId: c.inductionCategoryId,
      name: 'Gym induction',
      description: 'A 45-minute introduction to the gym and its equipment with a coach. Needed before your first gym session.',
      reference: 'GYMIND',
      price: 1000,
      capacity: 4,
      tags: ['Beginners'],
    },
    ['08:00'],
    45,
  );
  await add(
    {
      categoryId: c.sessionCategoryId,
      name: 'Gym session',
      description: 'An hour on the gym floor. Complete a gym induction first.',
      reference: 'GYM',
      price: 500,
      capacity: 25,
      tags: ['All levels'],
    },
    ['10:00', '14:00', '18:00'],
    60,
  );
  const induction = one(
    await tx
      .insert(restrictions)
      .values({ clientId: c.clientId, name: 'Gym induction', type: 'pre-purchase-induction', relatedCategoryId: c.inductionCategoryId })
      .returning(),
  );
  await tx.insert(categoryRestrictions).values({ categoryId: c.sessionCategoryId, restrictionId: induction.id });
}
