/** Wire-shaped (snake_case) answers for component tests, as the API sends them. */
export const clientWire = (overrides: Record<string, unknown> = {}, features: Record<string, boolean> = {}) => ({
  id: 1,
  identifier: 'northfield',
  name: 'Northfield Leisure',
  currency: { code: 'GBP', symbol: '£' },
  timezone: 'Europe/London',
  features: { online_joining_enabled: false, camps_and_courses_booking_enabled: false, online_guest_passes_enabled: false, ...features },
  terms: '<p>Booking terms</p>',
  map: { tile_url: 'https://tiles.example/{z}/{x}/{y}.png', default_centre: { latitude: 54.2, longitude: -1.8 }, default_radius: 5 },
  kiosk_idle_timeout_ms: 90_000,
  account_url: '/account',
  bookings_url: '/',
  logo_url: '/brand/northfield.svg',
  icon_url: '/brand/northfield-icon.svg',
  ...overrides,
});

export const userWire = {
  id: 1,
  reference: 'NO000001',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'demo@example.com',
  home_venue_slug: 'harrogate',
  credit: { balance: 0 },
  has_instruction: false,
  has_billing_date: false,
  barcode: null,
  profile_photo: null,
  membership_user: null,
  membership_document_upload_required: false,
  document_expiry: null,
  has_outstanding_penalties: false,
  is_staff: false,
};

/**
 * An amount in pence as the API sends money. `formatted` is deliberately the one-decimal text issue 13 found
 * ('£6.5'): the app shows money only through showMoney, so a screen that shows the call's own text fails its test.
 */
export const money = (value: number) => ({ value, formatted: `£${value / 100}`, currency: 'GBP' });
const zoned = (text: string) => ({
  utc: `${text.replace(' ', 'T')}.000Z`,
  local: `${text.replace(' ', 'T')}+00:00`,
  timezone: 'Europe/London',
  text,
  format_24_hour: text.slice(11, 16),
});

export function cartItemWire(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'av2_booking',
    cartable_type: 'av2Booking',
    name,
    quantity: 1,
    max_quantity: 1,
    price: { ...money(650), decimal: '6.50', raw: 650, benefit_applied: false, package_applied: false },
    line_total: money(650),
    purchased_for_user_id: null,
    booking_id: 10 + id,
    occurrence_id: `oc_${id}`,
    booking_type: 'classes',
    starts_at: zoned('2030-01-07 07:00:00'),
    ends_at: zoned('2030-01-07 07:45:00'),
    venue: { id: 1, name: 'Harrogate Leisure Centre', slug: 'harrogate' },
    cartable_resource: {
      name,
      venue_name: 'Harrogate Leisure Centre',
      location: 'Studio 1',
      duration: 45,
      starts_at: '07:00',
      ends_at: '07:45',
      date: 'Mon, 7 Jan 2030',
      new_membership: false,
    },
    child_items: [],
    expires_at: '2030-01-01T10:15:00.000Z',
    expired: false,
    occurrence_ids: [`oc_${id}`],
    extras: [] as { pricing_option_id: number; name: string; quantity: number; price: ReturnType<typeof money> }[],
    custom_question_answers: [],
    custom_question_sections: [],
    membership_id: null,
    membership_type: null,
    home_venue: null as { id: number; name: string; slug: string } | null,
    ...overrides,
  };
}

export function cartWire(items: ReturnType<typeof cartItemWire>[]) {
  const total = items.reduce((n, i) => n + i.line_total.value, 0);
  const credit = (type: string) => ({ type, total_available: 0, max_applicable: 0 });
  return {
    id: 1,
    uuid: 'cart-uuid',
    source: 'activity-booking',
    selected_user_id: null,
    items,
    item_hash: 'hash',
    total: money(total),
    balance: money(total),
    totals: {
      total,
      tax_total: 0,
      sub_total: total,
      balance: total,
      item_count: items.length,
      formatted_total: money(total).formatted,
      formatted_balance: money(total).formatted,
    },
    available_credit: { membership: credit('membership'), general: credit('general') },
    credits: [],
    attendee_waivers_required: 0,
    complete_order_id: null,
  };
}

export function occurrenceWire(overrides: Record<string, unknown> = {}) {
  return {
    id: 'oc_1',
    duration: 45,
    interval_key: null,
    schedule_id: 1,
    recurrence_id: 1,
    original_starts_at: '2030-01-07T07:00:00.000Z',
    original_ends_at: '2030-01-07T07:45:00.000Z',
    booking_type: 'classes',
    schedule_reference: 'SPIN',
    template_name: 'Spin',
    template_description: null,
    category_id: 2,
    starts_at: zoned('2030-01-07 07:00:00'),
    ends_at: zoned('2030-01-07 07:45:00'),
    setup_time_in_minutes: 0,
    teardown_time_in_minutes: 0,
    status: 'bookable',
    capacity: { available: 12, consumed: 8, maximum: 20 },
    booking_strategy: 'sequential',
    price: money(650),
    locations: [{ id: 1, name: 'Studio 1', names: ['Studio 1', 'Harrogate Leisure Centre'] }],
    location_name: 'Studio 1',
    friendly_location_name: null,
    instructors: [{ id: 1, name: 'Sam Patel' }],
    tags: [],
    restrictions: null,
    clashes: [],
    allow_anonymous_bookings: false,
    last_bookable_at: null,
    can_cancel: false,
    is_detached_from_recurrence: false,
    bookable_action: { action: 'book', message: null },
    waitlist: null,
    ...overrides,
  };
}

/** GET /api/checkout/prepare's answer for the sandbox. */
export const paymentSessionWire = (overrides: Record<string, unknown> = {}) => ({
  payment_provider: 'sandbox',
  session_key: 'ps_1',
  mode: 'test',
  url: '/sandbox-provider/v1/card-identifiers',
  saved_card: null,
  client_secret: null,
  amount: money(650),
  item_hash: 'hash',
  ...overrides,
});

/** POST /api/checkout/authorise's answer when the card is authorised. */
export const authorisedWire = (overrides: Record<string, unknown> = {}) => ({
  transaction_uuid: 'tx1',
  transaction_status: 'authorised',
  error: null,
  sca_url: null,
  sca_method: null,
  sca_data: null,
  client_secret: null,
  return_url: null,
  ...overrides,
});
