import { fontStyles } from './enums';
import { hero } from './photos';
import { z } from './zod-setup';

export const clientFeatures = z.object({
  online_joining_enabled: z.boolean(),
  camps_and_courses_booking_enabled: z.boolean(),
  online_guest_passes_enabled: z.boolean(),
});

/** GET /api/client */
export const client = z.object({
  id: z.int32(),
  identifier: z.string(),
  name: z.string(),
  currency: z.object({ code: z.string().length(3), symbol: z.string() }),
  timezone: z.string(),
  features: clientFeatures,
  /** Basket terms and conditions (sanitised HTML); null when the operator has none. */
  terms: z.string().nullable(),
  /** The venue map: its tile URL template ({z}/{x}/{y}), default centre and radius. */
  map: z.object({
    tile_url: z.string(),
    default_centre: z.object({ latitude: z.number(), longitude: z.number() }),
    default_radius: z.number(),
  }),
  /** How long a kiosk may sit idle before its user is logged out (KIOSK_IDLE_TIMEOUT_MS; the spec's 90,000 ms). */
  kiosk_idle_timeout_ms: z.int32(),
  /**
   * Where the account area lives: a path on this origin ('/account'), or with the sub-domain split (SUBDOMAINS) the
   * account sub-domain's origin for this request (e.g. 'https://myaccount.northfield.example').
   */
  account_url: z.string(),
  /** Where the booking pages live: this origin ('/'), or with the split the bookings sub-domain's origin. */
  bookings_url: z.string(),
  /**
   * The operator's logo (issue 13): shown in the header and used as the favicon. A theme's own logo
   * (theme_app_logo, doc 1) wins in the header where one is set. Null: the client's name in words.
   */
  logo_url: z.string().nullable(),
  /** A square mark for the browser tab (favicon); null leaves the browser's default. */
  icon_url: z.string().nullable(),
  /** The home page's welcome (issue 13, decision 170): null shows the venue chooser alone. */
  hero: hero.nullable(),
});
export type Client = z.infer<typeof client>;

/** GET /api/frontend/theme: every theme field of doc 1, section 3. */
export const theme = z.object({
  theme_app_logo: z.string().nullable(),
  theme_app_primary_colour: z.string(),
  theme_app_secondary_colour_1: z.string(),
  theme_app_secondary_colour_2: z.string(),
  theme_app_header_bg_colour: z.string(),
  theme_app_dark_bg_colour: z.string(),
  header_primary_colour: z.string(),
  theme_app_heading_font_style: fontStyles,
  theme_app_body_font_style: fontStyles,
  theme_app_secondary_button_style: z.enum(['solid', 'outline']),
});
export type Theme = z.infer<typeof theme>;

/** The spec's defaults: dark grey header and dark backgrounds, purple primary, Roboto body, Garage Gothic headings. */
export const defaultTheme: Theme = {
  theme_app_logo: null,
  theme_app_primary_colour: '#6b2fa0',
  theme_app_secondary_colour_1: '#e8e2f0',
  theme_app_secondary_colour_2: '#f4f4f5',
  theme_app_header_bg_colour: '#333333',
  theme_app_dark_bg_colour: '#333333',
  header_primary_colour: '#ffffff',
  theme_app_heading_font_style: 'garage_gothic',
  theme_app_body_font_style: 'roboto',
  theme_app_secondary_button_style: 'solid',
};

export const themeQuery = z.object({ venue: z.string().max(255).optional() });

export const footer = z.object({ html: z.string() });
