import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, test } from '../fixtures';
import { fillCheckout, londonDay, nextDayOn, registerCustomer, stripDay, tabTo } from '../support';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/customer/login', {
    data: { username: email, password },
    headers: { 'client-domain-identifier': 'northfield' },
  });
  expect(res.ok()).toBe(true);
}

async function pay(page: Page, amount: string): Promise<void> {
  await fillCheckout(page);
  await page.getByText('I agree to the Terms and Conditions').click();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/);
}

/** Follows one of the header's links; on a phone they are in the menu. */
async function headerLink(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog').getByRole('link', { name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  }
}

/**
 * Opens Harrogate's venue page and waits until the page has made it the selected venue (the cookie the header's
 * 'Book a course' and 'Book a camp' redirects read): on a busy machine a click can beat the venue's first answer.
 */
async function openHarrogate(page: Page): Promise<void> {
  await page.goto('/location/harrogate');
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'selected_venue')?.value, { timeout: 30_000 })
    .toBe('harrogate');
}

/** From the header's 'Book a camp' to the summer camp's booking page. */
async function openSummerCamp(page: Page): Promise<void> {
  await openHarrogate(page);
  await headerLink(page, 'Book a camp');
  await page.getByRole('link', { name: /Multi-sport camp/ }).click();
  await page.getByRole('link', { name: 'Camp details: Summer multi-sport camp' }).click();
  await expect(page).toHaveURL(/\/timetable\/summer-multi-sport-camp-\d+$/);
  // The summer camp's own link: while the details page loads, the list (with every camp's link) may still show.
  await page
    .getByRole('link', { name: /^Book this camp(: Summer multi-sport camp)?$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/camps\/location\/harrogate\/multi-sport-camp\/summer-multi-sport-camp-\d+\/book$/);
  await expect(page.getByRole('heading', { name: 'Summer multi-sport camp', level: 1 })).toBeVisible();
}

let counter = 0;
const keys = (page: Page, ...pressed: string[]) => pressed.reduce((p, key) => p.then(() => page.keyboard.press(key)), Promise.resolve());
/** Tabs to a field and types into it, as a keyboard user does (no fill). */
async function typeInto(page: Page, field: ReturnType<Page['getByRole']>, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test.describe('booking courses and camps', () => {
  test('a new user signs up on the way and books the course from the header’s Book a course to the confirmation, by keyboard from the course page @phone', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    // A visitor: nobody logged in yet.
    await openHarrogate(page);
    await headerLink(page, 'Book a course');
    await page.getByRole('link', { name: /Swimming lessons/ }).click();
    await page.getByRole('link', { name: 'View the course timetable' }).click();
    await page.getByRole('link', { name: 'Course details: Adult improvers swimming' }).click();
    await expect(page).toHaveURL(/\/timetable\/adult-improvers-swimming-\d+$/);

    // Keyboard only from the course page: no clicks, no fill.
    const bookLink = page.getByRole('link', { name: /^Book this course/ });
    await tabTo(page, bookLink);
    await keys(page, 'Enter');
    await expect(page).toHaveURL(/\/courses\/location\/harrogate\/swimming-lessons\/adult-improvers-swimming-\d+\/book$/);
    await expect(page.getByText('Log in to book for yourself or someone linked to your account.')).toBeVisible();
    await expectAccessible(page, 'course booking (visitor)');

    await typeInto(page, page.getByRole('textbox', { name: 'Please tell us about any medical conditions or allergies' }), 'None known.');
    await typeInto(page, page.getByRole('textbox', { name: 'Emergency contact name and phone number' }), 'Kim Newton 07700 900456');
    const level = page.getByRole('button', { name: /Swimming level/ });
    await tabTo(page, level);
    await keys(page, 'Enter');
    await page.getByRole('option', { name: 'Beginner' }).waitFor();
    await keys(page, 'Enter');
    await expect(level).toContainText('Beginner');

    // A visitor's 'Add to basket' asks them to log in; they have no account, so they sign up instead.
    const add = page.getByRole('button', { name: 'Add to basket' }).filter({ visible: true });
    await tabTo(page, add);
    await keys(page, 'Enter');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login).toBeVisible();
    await tabTo(page, login.getByRole('link', { name: 'Create an account' }));
    await keys(page, 'Enter');
    await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
    await typeInto(page, page.getByLabel('First name'), 'Kim');
    await typeInto(page, page.getByLabel('Last name'), 'Newton');
    await typeInto(page, page.getByLabel('Email address'), `e2e-course-${Date.now().toString(36)}-${counter++}@example.com`);
    await typeInto(page, page.getByLabel('Password', { exact: true }), 'kim-pass-2026');
    await tabTo(page, page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions and the privacy notice' }));
    await keys(page, 'Space');
    await tabTo(page, page.getByRole('button', { name: 'Create an account' }));
    await keys(page, 'Enter');

    // Back on the booking page, with what was typed kept; now known, Kim has the course's waiver to agree.
    await expect(page).toHaveURL(/\/adult-improvers-swimming-\d+\/book$/);
    await expect(page.getByText('Booking for Kim Newton')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Emergency contact name and phone number' })).toHaveValue('Kim Newton 07700 900456');
    await expect(page.getByText('Unavailable: agree to waiver').filter({ visible: true })).toBeVisible();
    const waiver = page.getByRole('checkbox', { name: 'I agree to the Swimming lessons safety waiver' });
    await tabTo(page, waiver);
    await keys(page, 'Space');
    await expect(waiver).toBeChecked();
    await expectAccessible(page, 'course booking, new customer');
    await tabTo(page, add);
    await keys(page, 'Enter');
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await keys(page, 'Escape');

    // The basket, then checkout, by keyboard.
    await tabTo(page, page.getByRole('link', { name: /^Shopping basket/ }).filter({ visible: true }), 120);
    await keys(page, 'Enter');
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole('heading', { name: 'Adult improvers swimming' })).toBeVisible();
    await expectAccessible(page, 'basket with the course');
    await tabTo(page, page.getByRole('link', { name: 'Checkout now' }));
    await keys(page, 'Enter');
    await expect(page).toHaveURL(/\/basket\/checkout$/);
    const fields: [string, string][] = [
      ['First name', 'Kim'],
      ['Last name', 'Newton'],
      ['Address line 1', '3 Valley Gardens'],
      ['Town or city', 'Harrogate'],
      ['Postcode', 'HG1 2SZ'],
      ['Card number', '4242424242424242'],
      ['Expiry date (MM/YY)', '12/30'],
      ['Security code', '123'],
      ['Name on card', 'Kim Newton'],
    ];
    for (const [label, value] of fields) await typeInto(page, page.getByLabel(label), value);
    await tabTo(page, page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    await keys(page, 'Space');
    await expectAccessible(page, 'checkout of the course');
    await tabTo(page, page.getByRole('button', { name: 'Pay £48.00' }));
    await keys(page, 'Enter');
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/);
    await expectAccessible(page, 'course booking confirmed');
  });

  test('the demo customer books the course for Sam by keyboard, every question answered and the waiver agreed, pays and sees the answers @phone', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await logIn(page, demo.email, demo.password);
    await openHarrogate(page);
    await headerLink(page, 'Book a course');
    await page.getByRole('link', { name: /Swimming lessons/ }).click();
    await page.getByRole('link', { name: 'View the course timetable' }).click();
    await page.getByRole('link', { name: 'Course details: Adult improvers swimming' }).click();
    await expect(page).toHaveURL(/\/timetable\/adult-improvers-swimming-\d+$/);
    await page.getByRole('link', { name: /^Book this course/ }).click();
    await expect(page).toHaveURL(/\/courses\/location\/harrogate\/swimming-lessons\/adult-improvers-swimming-\d+\/book$/);
    await expect(page.getByRole('heading', { name: 'Adult improvers swimming', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the courses' })).toBeVisible();

    // The actions are drawn beside the summary on a desktop and fixed at the bottom on a phone; CSS shows one.
    const add = page.getByRole('button', { name: 'Add to basket' }).filter({ visible: true });
    const unavailable = (reason: string) => page.getByText(`Unavailable: ${reason}`).filter({ visible: true });
    // Nothing answered yet: disabled, and why ('complete required fields' comes after 'agree to waiver').
    await expect(add).toBeDisabled();
    await expectAccessible(page, 'course booking');

    // Keyboard only from here to the basket.
    const sam = page.getByRole('radio', { name: 'Sam Morgan' });
    await tabTo(page, page.getByRole('radio', { name: 'Alex Morgan (me)' }));
    await page.keyboard.press('ArrowDown');
    await expect(sam).toBeChecked();
    // The waiver is Sam's to agree: it is shown for the selected attendee.
    await expect(page.getByText('I agree to the Swimming lessons safety waiver')).toBeVisible();
    await expect(unavailable('agree to waiver')).toBeVisible();

    const medical = page.getByRole('textbox', { name: 'Please tell us about any medical conditions or allergies' });
    await tabTo(page, medical);
    await page.keyboard.type('Mild asthma, has an inhaler.');
    await expect(page.getByText('Character count: 28/500')).toBeVisible();

    const contact = page.getByRole('textbox', { name: 'Emergency contact name and phone number' });
    await tabTo(page, contact);
    await page.keyboard.type('Al');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Must contain at least 5 character(s)')).toBeVisible();
    await tabTo(page, contact);
    // Tabbing into a field selects its text: End keeps what is there.
    await page.keyboard.press('End');
    await page.keyboard.type('ex Morgan 07700 900123');

    const level = page.getByRole('button', { name: /Swimming level/ });
    await tabTo(page, level);
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Improver' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(level).toContainText('Improver');

    const photos = page.getByRole('checkbox', { name: 'I agree to photos being taken during lessons' });
    await tabTo(page, photos);
    await page.keyboard.press('Space');
    await expect(photos).toBeChecked();

    const waiver = page.getByRole('checkbox', { name: 'I agree to the Swimming lessons safety waiver' });
    await tabTo(page, waiver);
    await page.keyboard.press('Space');
    await expect(waiver).toBeChecked();
    await expect(page.getByText(/^Unavailable:/).filter({ visible: true })).toHaveCount(0);

    // An extra would go up with the stepper; the course has none, so the total is the course price.
    await expect(page.getByText('£48.00').filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(page, 'course booking, filled in');
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await expect(page.getByText('Adult improvers swimming has been added to your basket.')).toBeVisible();
    await expectAccessible(page, 'course added');
    await page.keyboard.press('Escape');
    // Now in the basket for Sam: 'reserved'.
    await expect(unavailable('reserved')).toBeVisible();

    await page.goto('/basket/checkout');
    await pay(page, '£48.00');

    await page.goto('/account/bookings');
    const bundles = page.getByRole('region', { name: 'Courses and camps' });
    await expect(bundles.getByRole('heading', { name: 'Adult improvers swimming' })).toBeVisible();
    await expect(bundles.getByText('For Sam Morgan: 6 sessions')).toBeVisible();
    await expect(bundles.getByText('Mild asthma, has an inhaler.')).toBeVisible();
    await expect(bundles.getByText('Alex Morgan 07700 900123')).toBeVisible();
    await expect(bundles.getByText('Improver', { exact: true })).toBeVisible();
    await expectAccessible(page, 'bookings with course answers');
  });

  test('a customer books three days of the summer camp, agrees its consent form on Attendees, then buys the rest of the camp as full @phone', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await registerCustomer(page);
    await openSummerCamp(page);
    await expectAccessible(page, 'camp booking');

    await page.getByText('Individual sessions', { exact: true }).click();
    const sessions = page.getByRole('group', { name: 'Sessions' });
    await expect(sessions.getByText('Week 1')).toBeVisible();
    await expect(sessions.getByText('Week 2')).toBeVisible();
    // None chosen: the form says so and the button is disabled.
    const add = page.getByRole('button', { name: 'Add to basket' }).last();
    await expect(add).toBeDisabled();
    const boxes = sessions.getByRole('checkbox');
    await expect(boxes).toHaveCount(10);
    // React Aria's boxes are labels around a visually hidden input: a press on the label ticks them.
    for (const i of [0, 1, 2]) await sessions.locator('label').nth(i).click();
    for (const i of [0, 1, 2]) await expect(boxes.nth(i)).toBeChecked();
    await expect(page.getByText('3 sessions')).toBeVisible();
    await page.getByText('Monday', { exact: true }).click();
    await page.getByRole('button', { name: 'More Packed lunch' }).click();
    // Three days at £22.00 and one packed lunch at £4.50.
    await expect(page.getByText('£70.50').first()).toBeVisible();
    await expectAccessible(page, 'camp booking, three days');
    await page.getByRole('button', { name: 'Checkout now' }).last().click();

    await expect(page).toHaveURL(/\/basket\/checkout$/);
    await expect(page.getByText('Some people in your basket still need to agree to a waiver before you can pay.')).toBeVisible();
    await page.getByRole('link', { name: 'Agree to the waivers' }).click();
    await expect(page).toHaveURL(/\/attendees$/);
    await expect(page.getByRole('heading', { name: 'Attendees', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/\| Attendees$/);
    await expect(page.getByRole('heading', { name: 'Holiday camp consent form' })).toBeVisible();
    await expectAccessible(page, 'attendees');
    await page.getByText('I agree to the Holiday camp consent form for Erin Tester').click();
    await page.getByRole('button', { name: 'Save and continue to checkout' }).click();
    await expect(page).toHaveURL(/\/basket\/checkout$/);
    await pay(page, '£70.50');

    // Back for the rest: three days are booked, so the whole camp means the other seven.
    await openSummerCamp(page);
    const rest = page.getByRole('radio', { name: 'The rest of the camp' });
    await expect(rest).toBeChecked();
    await expect(page.getByText('You have already booked some sessions of this camp')).toBeHidden();
    // The camp's £180.00 less the £66.00 of days already paid.
    await expect(page.getByText('£114.00').first()).toBeVisible();
    await expectAccessible(page, 'camp booking, the rest');
    await page.getByRole('button', { name: 'Add to basket' }).last().click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.getByRole('link', { name: 'Checkout' }).click();
    // The consent form was agreed for Erin at the first order: remembered.
    await pay(page, '£114.00');
  });

  test('a gym session needs the gym induction: refused with the server’s message, then allowed once the induction is booked @phone', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // One day for both, two days ahead: a timetable opens on its first bookable day, so 'Next day' would land on
    // a different day for the induction (08:00, gone by mid-morning) than for the session.
    const day = londonDay(2).date;
    await registerCustomer(page);
    await page.goto('/location/harrogate/gym-session');
    await stripDay(page, day).click();
    await page.getByRole('button', { name: /^Book Gym session at 10:00/ }).click();
    await expect(page.getByText('You need to book Gym induction before you can book this.')).toBeVisible();
    await expectAccessible(page, 'gym session refused for want of the induction');

    await page.goto('/location/harrogate/gym-induction');
    await stripDay(page, day).click();
    await page.getByRole('button', { name: /^Book Gym induction at 08:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await expectAccessible(page, 'gym induction added');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expectAccessible(page, 'checkout of the gym induction');
    await pay(page, '£10.00');
    await expectAccessible(page, 'gym induction confirmed');

    await page.goto('/location/harrogate/gym-session');
    await stripDay(page, day).click();
    await page.getByRole('button', { name: /^Book Gym session at 10:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await expectAccessible(page, 'gym session added after the induction');
  });

  test('a yoga class asks its health declaration before the add and its questions in the basket, then is paid @phone', async ({ page }) => {
    test.setTimeout(240_000);
    await registerCustomer(page);
    // Yoga Flow runs at 10:00 on Tuesdays, Thursdays and Sundays.
    await page.goto('/location/harrogate/yoga');
    await stripDay(page, nextDayOn([2, 4, 7])).click();
    await page.getByRole('button', { name: /^Book Yoga Flow at 10:00/ }).click();

    const step = page.getByRole('dialog', { name: 'Before you book' });
    await expect(step.getByRole('heading', { name: 'Yoga health declaration' })).toBeVisible();
    await expect(step.getByText(/I confirm I have no injury or condition that makes yoga unsafe for me/)).toBeVisible();
    const agree = step.getByRole('button', { name: 'Agree and book' });
    await expect(agree).toBeDisabled();
    await expectAccessible(page, 'yoga waiver step');
    await step.getByText('I agree to the Yoga health declaration').click();
    await agree.click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();

    // Checkout waits for the class's questions, asked in the basket.
    await expect(page.getByText('Some bookings in your basket have questions to answer before you can pay.')).toBeVisible();
    await expectAccessible(page, 'checkout waiting for answers');
    await page.getByRole('link', { name: 'Answer the questions' }).click();
    await expect(page).toHaveURL(/\/basket$/);
    const questions = page.getByRole('region', { name: 'Questions for Yoga Flow' });
    await expect(questions.getByText('Before your class')).toBeVisible();
    await questions.getByRole('button', { name: 'Save answers' }).click();
    await expect(questions.getByText('Please select an option').last()).toBeVisible();
    await expectAccessible(page, 'basket asking the yoga questions');
    await questions.getByRole('button', { name: /How much yoga have you done before/ }).click();
    await page.getByRole('option', { name: 'Some classes' }).click();
    await questions.getByRole('textbox', { name: 'Anything your teacher should know, such as an injury?' }).fill('A stiff left knee.');
    await questions.getByRole('button', { name: 'Save answers' }).click();
    await expect(page.getByText('Questions answered.')).toBeVisible();
    await expectAccessible(page, 'basket with the yoga questions answered');

    await page.getByRole('link', { name: 'Checkout now' }).click();
    await expect(page).toHaveURL(/\/basket\/checkout$/);
    await pay(page, '£7.00');
  });
});
