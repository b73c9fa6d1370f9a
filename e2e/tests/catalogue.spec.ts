import { expect, expectAccessible, test, tomorrow } from '../fixtures';
import { londonDay, nextDayOn, registerCustomer } from '../support';

const added = 'Successfully added item to the basket.';

test.describe('timetables and the basket', () => {
  test('a customer adds a class, two court slots and a public swim with tickets to the basket @phone', async ({ page }) => {
    test.setTimeout(180_000);
    await registerCustomer(page);

    // A class, reached through the date picker: days with sessions are marked, past days cannot be chosen.
    const classDay = nextDayOn([1, 2, 3, 4, 5, 6]);
    await page.goto(`/location/harrogate/spin/${londonDay(0).date}`);
    await expect(page.getByRole('heading', { name: 'Spin', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /Calendar/ }).click();
    const calendar = page.getByRole('dialog');
    await expect(calendar.locator('[data-marked]').first()).toBeVisible();
    await expectAccessible(page, 'date picker');
    if (classDay.slice(0, 7) !== londonDay(0).date.slice(0, 7)) await calendar.getByRole('button', { name: 'Next' }).click();
    await calendar.getByRole('button', { name: new RegExp(`^\\w+, ${Number(classDay.slice(8))} `) }).click();
    await expect(page).toHaveURL(new RegExp(`/location/harrogate/spin/${classDay}$`));
    await expect(page.getByRole('group', { name: 'Date' })).toContainText(classDay.split('-').reverse().join('-'));
    await expect(page.getByRole('heading', { name: 'Filter sessions' })).toBeVisible();
    await expectAccessible(page, 'class timetable');

    await page.getByRole('button', { name: 'Details of Spin at 07:00 - 07:45' }).click();
    const details = page.getByRole('dialog', { name: 'Spin' });
    await expect(details.getByText('A 45-minute indoor cycling class for all levels.')).toBeVisible();
    await expectAccessible(page, 'session details');
    await details.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByText(added)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Spin' })).toBeHidden();

    // Court slots: the courts x times grid in a stable order; two hours on Court 2, added together from the bar.
    await page.goto(`/location/harrogate/badminton/${tomorrow()}`);
    await expect(page.getByRole('table', { name: /^Courts and start times/ })).toBeVisible();
    await expect(page.locator('table thead th')).toHaveText(['Time', 'Court 1', 'Court 2', 'Court 3']);
    await page.getByRole('button', { name: 'Court 2, 09:00, £12.00, available' }).click();
    await page.getByRole('button', { name: 'Court 2, 10:00, £12.00, available' }).click();
    await expect(page.getByRole('button', { name: 'Court 2, 10:00, £12.00, available' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('2 slots chosen: total £24.00')).toBeVisible();
    await expectAccessible(page, 'court grid');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Held for this customer now, the two hours are no longer offered as free.
    await expect(page.getByRole('button', { name: 'Court 2, 09:00, £12.00, available' })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Court 2, 09:00, / })).toHaveAttribute('aria-disabled', 'true');

    // A ticketed session: the ticket picker in a slide-over.
    await page.goto(`/location/harrogate/public-swim/${tomorrow()}`);
    await page.getByRole('button', { name: 'Choose tickets for Public swim at 17:30 - 18:30' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose tickets' });
    await expect(picker.getByRole('textbox', { name: 'Adult (16+) (£5.50)' })).toBeVisible();
    await expectAccessible(page, 'ticket picker');
    await picker.getByRole('button', { name: 'Add to basket' }).click();
    await expect(picker.getByText('Please choose at least one ticket.')).toBeVisible();
    await picker.getByRole('textbox', { name: 'Adult (16+) (£5.50)' }).fill('2');
    await picker.getByRole('textbox', { name: 'Junior (5-15) (£3.00)' }).fill('1');
    await picker.getByRole('textbox', { name: 'Junior (5-15) (£3.00)' }).blur();
    await expect(picker.getByText('Total: £14.00')).toBeVisible();
    await picker.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await expect(picker).toBeHidden();

    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/basket\/checkout$/);
    await page.goto('/basket');
    await expect(page.getByRole('link', { name: 'Shopping basket, 4 items' })).toBeVisible();
    await expect(page.getByText('£14.00').first()).toBeVisible();
  });

  test('a customer joins and leaves the waitlist of a sold-out spin class', async ({ page }) => {
    test.setTimeout(120_000);
    await registerCustomer(page);
    await page.goto(`/location/harrogate/spin/${nextDayOn([1, 2, 3, 4, 5])}`);
    const join = page.getByRole('button', { name: 'Join waitlist for Spin at 18:30 - 19:15' });
    const leave = page.getByRole('button', { name: 'Leave waitlist for Spin at 18:30 - 19:15' });
    await expect(join).toBeVisible();
    await expectAccessible(page, 'timetable with a sold-out class');

    await join.click();
    await expect(page.getByText('Successfully joined the waitlist.')).toBeVisible();
    await expect(page.getByText('On waitlist')).toBeVisible();
    await leave.click();
    await expect(page.getByText('Successfully removed from the waitlist.')).toBeVisible();
    await expect(join).toBeVisible();

    // After a reload the page no longer holds the entry's id; leaving still works.
    await join.click();
    await expect(leave).toBeVisible();
    await page.reload();
    await leave.click();
    await expect(page.getByText('Successfully removed from the waitlist.').first()).toBeVisible();
    await expect(join).toBeVisible();

    // A failure shows the shared error notice; with no message from the server, the spec's default.
    await page.route('**/api/activities/waitlist/add', (route) => route.fulfill({ status: 500, body: '' }));
    await join.click();
    await expect(page.getByText('Something went wrong, please try again.')).toBeVisible();
    await expect(join).toBeVisible();
  });
});

test.describe('redirects', () => {
  test('the short and old paths go where document 2 says, with its toasts', async ({ page }) => {
    const notFound = "We couldn't find the activity you are looking for";
    // No venue chosen yet: asked to choose one, and home.
    await page.goto('/redirect-to-selected-venue');
    await expect(page.getByText('Please select a venue before booking an activity')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // /:venueSlug selects the venue; the selected-venue redirects then use it.
    await page.goto('/harrogate');
    await expect(page).toHaveURL(/\/location\/harrogate$/);
    await expect(page).toHaveTitle('Northfield Leisure | Choose an activity at Harrogate Leisure Centre');
    await page.goto('/redirect-to-selected-venue');
    await expect(page).toHaveURL(/\/location\/harrogate$/);

    await page.goto('/harrogate/spin');
    await expect(page).toHaveURL(/\/location\/harrogate\/spin(\/\d{4}-\d{2}-\d{2})?$/);
    await page.goto(`/harrogate/spin/${tomorrow()}/classes`);
    await expect(page).toHaveURL(new RegExp(`/location/harrogate/spin/${tomorrow()}$`));
    await page.goto(`/harrogate/badminton/${tomorrow()}`);
    await expect(page).toHaveURL(new RegExp(`/location/harrogate/badminton/${tomorrow()}$`));

    // An unknown activity: the 3-second toast, then home.
    await page.goto('/harrogate/curling');
    await expect(page.getByText(notFound)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible(page, 'home after an unknown activity');

    // A trailing slash is removed.
    await page.goto('/location/harrogate/');
    await expect(page).toHaveURL(/\/location\/harrogate$/);

    // Anything else is the not-found page.
    await page.goto('/harrogate/spin/someday');
    await expect(page.getByText("Whoops! Looks like you've gone offside.")).toBeVisible();
  });
});

test.describe('courses and camps', () => {
  test('a visitor browses courses and camps down to their details, from the header links', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/harrogate');
    await expect(page).toHaveURL(/\/location\/harrogate$/);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Book a course' }).click();
    await expect(page).toHaveURL(/\/courses\/location\/harrogate$/);
    await expect(page).toHaveTitle('Northfield Leisure | Courses');
    await expectAccessible(page, 'course categories');
    await page.getByRole('link', { name: /Swimming lessons/ }).click();
    await expect(page.getByRole('heading', { name: 'Adult improvers swimming' })).toBeVisible();
    await expect(page.getByText('£48.00')).toBeVisible();
    await expectAccessible(page, 'course list');
    await page.getByRole('link', { name: 'View the course timetable' }).click();
    await expect(page).toHaveURL(/\/courses\/location\/harrogate\/swimming-lessons\/timetable$/);
    await expectAccessible(page, 'course timetable');
    await page.getByRole('link', { name: 'Course details: Adult improvers swimming' }).click();
    await expect(page.getByRole('heading', { name: 'Adult improvers swimming', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Northfield Leisure | Adult improvers swimming');
    await expect(page.getByText('10 of 10 left').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('row')).toHaveCount(7);
    await expect(page.getByRole('link', { name: 'Book this course' })).toHaveAttribute(
      'href',
      /^\/courses\/location\/harrogate\/swimming-lessons\/adult-improvers-swimming-\d+\/book$/,
    );
    await expectAccessible(page, 'course details');

    await nav.getByRole('link', { name: 'Book a camp' }).click();
    await expect(page).toHaveURL(/\/camps\/location\/harrogate$/);
    await expectAccessible(page, 'camp categories');
    await page.getByRole('link', { name: /Multi-sport camp/ }).click();
    await expectAccessible(page, 'camp list');
    await page.getByRole('link', { name: 'Camp details: Half-term multi-sport camp' }).click();
    await expect(page.getByRole('heading', { name: 'Half-term multi-sport camp', level: 1 })).toBeVisible();
    await expect(page.getByText('£95.00')).toBeVisible();
    await expect(page.getByText('£22.00 each')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book this camp' })).toHaveAttribute(
      'href',
      /^\/camps\/location\/harrogate\/multi-sport-camp\/half-term-multi-sport-camp-\d+\/book$/,
    );
    await expectAccessible(page, 'camp details');
    await page.goto('/camps/location/harrogate/multi-sport-camp/timetable');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'camp timetable');
  });
});

test.describe('finding a venue', () => {
  test('the map search lists venues by town, postcode or location, and falls back to the list without tiles', async ({ page, context }) => {
    test.setTimeout(120_000);
    // Tiles never load here: there is no internet, and this makes it certain.
    await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: 'Find a venue near you' }).click();
    await expect(page).toHaveURL(/\/venues\/search$/);
    await expect(page).toHaveTitle('Northfield Leisure | Find a venue');
    await expectAccessible(page, 'venue search');

    await page.getByLabel('Town or city').fill('Harrogate');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list').filter({ hasText: 'Harrogate Leisure Centre' });
    await expect(results.getByRole('heading', { name: 'Harrogate Leisure Centre' })).toBeVisible();
    await expect(results.getByText('3.2 miles away')).toBeVisible();
    await expect(page.getByText('The map could not be loaded, so the venues are listed below.')).toBeVisible();
    await expectAccessible(page, 'venue search results without the map');

    const searchBy = page.getByRole('radiogroup', { name: 'Search by' });
    await searchBy.getByText('Postcode').click();
    await page.getByRole('textbox', { name: 'Postcode' }).fill('HG1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Must contain at least 5 character(s)')).toBeVisible();
    await page.getByRole('textbox', { name: 'Postcode' }).fill('HG1 1TE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/postcode=HG1\+1TE/);
    await expect(page.getByText('Within 5 miles of HG1 1TE')).toBeVisible();

    await searchBy.getByText('Town').click();
    await page.getByLabel('Town or city').fill('Plymouth');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No venues found within 5 miles.')).toBeVisible();

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 54.1381, longitude: -1.524 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByText('Within 5 miles of your location')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ripon Pool and Fitness' })).toBeVisible();

    await page.getByRole('button', { name: 'Book here: Ripon Pool and Fitness' }).click();
    await expect(page).toHaveURL(/\/location\/ripon$/);
    await page.goto('/centre/ripon');
    await expect(page.getByRole('heading', { name: 'Ripon Pool and Fitness' })).toBeVisible();
    await expectAccessible(page, 'centre page');
  });
});
