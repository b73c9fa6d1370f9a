import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type AuthUser, type Category, type Client, type Photo, resetPasswordPath, type Theme, type Venue } from '@app/contracts';
import { themeCss, themeFonts, usesTimetableV2 } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The boot state the app reads from the page (apps/web/src/app/boot-state.ts), in the API's own wire shapes. */
interface BootState {
  client?: Client;
  /** The selected venue's theme first; then, on a venue's pages, that venue's (the page selects it). */
  themes?: { venue: string | null; data: Theme }[];
  user?: AuthUser | null;
  /** On a venue's pages, the venue; on an activity's, its category too: what the page needs before it asks for its day. */
  venue?: { slug: string; data: Venue };
  category?: { venue: string; slug: string; data: Category };
  /** The footer the shell shows (the page's venue's, else the selected venue's, else the client's): its HTML. */
  footer?: { venue: string | null; html: string };
  /** On the home page, the venues it lists; on a venue's page, its activities: what the page shows first (decision 282). */
  venues?: Venue[];
  categories?: { venue: string; data: Category[] };
  /** On a class timetable's day, the day's sessions and the days with sessions (decision 282). */
  timetable?: { venue: string; activity: string; date: string; v2: boolean; data: unknown[] };
  dates?: { venue: string; category: string; data: Record<string, unknown> };
}

const slugPattern = /^[a-z0-9][a-z0-9-]{0,254}$/;
/** The pages that select the venue they show (doc 1 and doc 2, section 2): its theme is the one they will ask for. */
const venuePage = /^\/(?:(?:courses|camps)\/)?(?:location|centre)\/([a-z0-9][a-z0-9-]{0,254})(?:\/|$)/;
/** An activity's pages (choose a sub-activity, a day's timetable): the venue and the activity in the path. */
const activityPage = /^\/location\/([a-z0-9][a-z0-9-]{0,254})\/([a-z0-9][a-z0-9-]{0,254})(?:\/|$)/;
/** A day of an activity's timetable: the venue, the activity and the day in the path. */
const timetablePage = /^\/location\/([a-z0-9][a-z0-9-]{0,254})\/([a-z0-9][a-z0-9-]{0,254})\/(\d{4}-\d{2}-\d{2})(?:\/|$)/;
// The sizes the home page's welcome photo is shown at (its Hero in features/venues/routes/home-page.tsx).
const HERO_SIZES = '(min-width: 1280px) 1216px, 100vw';
/** A venue's own page (choose an activity), which lists the venue's activities. */
const venueHome = /^\/location\/([a-z0-9][a-z0-9-]{0,254})\/?$/;
/** The request headers an API answer depends on: which client (host, identifier), who (cookie), through which proxy. */
const forwarded = ['host', 'cookie', 'client-domain-identifier', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for'];

/**
 * JSON that is safe inside a `<script type="application/json">`: nothing in it can close the element or start
 * markup, whatever a client's name or a customer's details contain.
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The built woff2 files of the theme faces, by family and weight, from Vite's manifest. */
function fontFiles(webDist: string): Map<string, string> {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  const files = new Map<string, string>();
  if (!existsSync(manifestFile)) return files;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  for (const [source, { file }] of Object.entries(manifest)) {
    const match = /\/([a-z-]+)-latin-(\d{3})-normal\.woff2$/.exec(source);
    if (match) files.set(`${match[1]}:${match[2]}`, `/${file}`);
  }
  return files;
}

/** One route's scripts beyond the entry's, from the web build (apps/web/build/route-preloads.ts). */
interface RouteScripts {
  path: string;
  scripts: string[];
}

interface Route {
  segments: string[];
  score: number;
  scripts: string[];
}

/**
 * Whether a path's segments fit a route's, as the app's router matches them: `:name` is any one segment, `:name?`
 * may be left out, `*` takes the rest, anything else is that word.
 */
function fits(pattern: string[], path: string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return path.length === 0;
  if (head === '*') return true;
  if (head.endsWith('?')) return fits(rest, path) || (path.length > 0 && fits(rest, path.slice(1)));
  const [first, ...others] = path;
  if (first === undefined) return false;
  if (head.startsWith(':')) return fits(rest, others);
  return head.toLowerCase() === first.toLowerCase() && fits(rest, others);
}

/** React Router's ranking: a word outranks a parameter, which outranks the rest (`*`), so `/basket` is not `/:venueSlug`. */
const scoreOf = (segments: string[]) =>
  segments.reduce((sum, s) => sum + (s === '*' ? -2 : s.endsWith('?') ? 0 : s.startsWith(':') ? 3 : 10), segments.length);

const routesOf = (list: RouteScripts[] = []): Route[] =>
  list.map(({ path: route, scripts }) => {
    const segments = route.split('/').filter(Boolean);
    return { segments, score: scoreOf(segments), scripts };
  });

/** The routes of the web build, for the bookings pages and for the account sub-domain's; none without a build. */
function routePreloads(webDist: string): { bookings: Route[]; account: Route[] } {
  const file = path.join(webDist, '.vite/route-preloads.json');
  if (!existsSync(file)) return { bookings: [], account: [] };
  const data = JSON.parse(readFileSync(file, 'utf8')) as { bookings?: RouteScripts[]; account?: RouteScripts[] };
  return { bookings: routesOf(data.bookings), account: routesOf(data.account) };
}

/** The scripts the page at `pathname` needs beyond the entry's: the best-ranked route that fits it, as the router picks. */
export function scriptsFor(routes: Route[], pathname: string): string[] {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  let best: Route | null = null;
  for (const route of routes) if (fits(route.segments, segments) && (!best || route.score > best.score)) best = route;
  return best?.scripts ?? [];
}

/** Text that is safe as an element's text or a quoted attribute's value: nothing in it can end either or start markup. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const fontKey = (family: string, weight: number) => `${family.toLowerCase().replace(/\s+/g, '-')}:${weight}`;

/**
 * The app's page for one request (decision 086): the built index.html with the client, the selected venue's theme
 * (as data, and as CSS variables) and who is logged in written into it, exactly as the API answers them for this
 * request, so the first paint waits on no API call; and the theme's body and heading faces preloaded. Personal,
 * so never stored by any cache (`no-store`); compressed per request since it differs per visitor.
 */
export function appPageRenderer(app: FastifyInstance, webDist: string) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const fonts = fontFiles(webDist);
  const preloads = routePreloads(webDist);

  const ask = async (req: FastifyRequest, url: string): Promise<{ status: number; data: unknown }> => {
    const headers: Record<string, string> = {};
    for (const name of forwarded) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method: 'GET', url, headers } satisfies InjectOptions);
    if (res.statusCode !== 200) return { status: res.statusCode, data: undefined };
    return { status: 200, data: (res.json() as { data: unknown }).data };
  };

  /** A venue's theme, or as the app does (doc 1, section 4) the client's when the venue has none. */
  async function themeFor(req: FastifyRequest, venue: string | null): Promise<{ status: number; data: unknown }> {
    if (venue) {
      const own = await ask(req, `/api/frontend/theme?venue=${encodeURIComponent(venue)}`);
      if (own.status === 200) return own;
    }
    return ask(req, '/api/frontend/theme');
  }

  async function bootState(req: FastifyRequest): Promise<BootState> {
    const query = req.query as Record<string, unknown>;
    const url = new URL(req.url, 'http://app');
    // The venue the app will select: the kiosk's `centre`, else the visitor's cookie (lib/selected-venue.ts).
    const centre = typeof query.centre === 'string' && slugPattern.test(query.centre) ? query.centre : null;
    const cookieVenue = req.cookies?.selected_venue;
    const venue = centre ?? (cookieVenue && slugPattern.test(cookieVenue) ? cookieVenue : null);
    // A login token in the address is exchanged by the app first; who is logged in is asked after that.
    const exchangingToken = url.pathname !== resetPasswordPath && url.searchParams.has('token');
    const pageVenue = venuePage.exec(url.pathname)?.[1] ?? null;
    const activity = activityPage.exec(url.pathname);
    const venues = pageVenue && pageVenue !== venue ? [venue, pageVenue] : [venue];
    // On a venue's or an activity's page, what the page asks for first is answered here too, so the day's sessions
    // are asked for as soon as the page runs, not after the venue's and the activity's answers (issue 12).
    const venueActivities = venueHome.exec(url.pathname)?.[1] ?? null;
    // The footer of the venue the page shows (it selects that venue), else of the selected one.
    const footerVenue = pageVenue ?? venue;
    const day = timetablePage.exec(url.pathname);
    const [client, user, pageVenueAnswer, category, footer, venueList, categories, dates, ...themes] = await Promise.all([
      ask(req, '/api/client'),
      exchangingToken ? null : ask(req, '/api/auth/user'),
      pageVenue ? ask(req, `/api/activities/venues/${pageVenue}`) : null,
      activity ? ask(req, `/api/activities/venue/${activity[1]}/categories/${activity[2]}`) : null,
      ask(req, footerVenue ? `/api/activities/footer?venue=${encodeURIComponent(footerVenue)}` : '/api/activities/footer'),
      url.pathname === '/' ? ask(req, '/api/activities/venues') : null,
      venueActivities ? ask(req, `/api/activities/venue/${venueActivities}/categories`) : null,
      day ? ask(req, `/api/activities/venue/${day[1]}/activity-category/${day[2]}/dates?days=92`) : null,
      ...venues.map((v) => themeFor(req, v)),
    ]);
    const state: BootState = {};
    if (client.status === 200) state.client = client.data as Client;
    state.themes = venues.flatMap((v, i) => (themes[i]?.status === 200 ? [{ venue: v, data: themes[i]?.data as Theme }] : []));
    if (user?.status === 200) state.user = user.data as AuthUser;
    else if (user?.status === 401) state.user = null;
    if (pageVenue && pageVenueAnswer?.status === 200) state.venue = { slug: pageVenue, data: pageVenueAnswer.data as Venue };
    if (activity?.[1] && activity[2] && category?.status === 200) {
      state.category = { venue: activity[1], slug: activity[2], data: category.data as Category };
    }
    if (day?.[1] && day[2] && dates?.status === 200) {
      state.dates = { venue: day[1], category: day[2], data: dates.data as Record<string, unknown> };
    }
    // A class timetable's day (the other kinds ask for other things): asked once the venue (its v2 date) and the
    // activity (its kind) are known. The app asks again as it shows the day (places change); it paints with this.
    const dayDate = day?.[3];
    const dayVenue = state.venue?.data;
    if (day?.[1] && day[2] && dayDate && dayVenue && state.category?.data.booking_type === 'classes') {
      const v2 = usesTimetableV2(dayVenue.activities_v2_migration_date ?? null, dayDate);
      const sessions = await ask(req, `/api/activities/venue/${day[1]}/activity/${day[2]}/${v2 ? 'v2/' : ''}timetable?date=${dayDate}`);
      if (sessions.status === 200 && Array.isArray(sessions.data)) {
        state.timetable = { venue: day[1], activity: day[2], date: dayDate, v2, data: sessions.data };
      }
    }
    if (footer.status === 200) state.footer = { venue: footerVenue, html: (footer.data as { html: string }).html };
    if (venueList?.status === 200) state.venues = venueList.data as Venue[];
    if (venueActivities && categories?.status === 200) state.categories = { venue: venueActivities, data: categories.data as Category[] };
    return state;
  }

  /**
   * The photo that is the page's largest paint on a phone, with the sizes the page shows it at (so the browser picks
   * the same file the page will): the home page's welcome, a venue page's first activity.
   */
  function firstPhoto(pathname: string, state: BootState): { photo: Photo; sizes: string } | null {
    const hero = pathname === '/' ? state.client?.hero?.photo : null;
    if (hero) return { photo: hero, sizes: HERO_SIZES };
    const first = state.categories?.data[0]?.photo;
    return first ? { photo: first, sizes: '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw' } : null;
  }

  /** The account sub-domain (decision 061) has its own routes: the account area at its root. */
  function routesFor(req: FastifyRequest, client: Client | undefined): Route[] {
    const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '');
    let accountHost: string | null = null;
    try {
      accountHost = client?.account_url ? new URL(client.account_url).host : null;
    } catch {
      accountHost = null;
    }
    return accountHost !== null && accountHost === host ? preloads.account : preloads.bookings;
  }

  /**
   * The shell's header bar (its colours and the logo, or the client's name) as plain markup inside the root, so a phone
   * paints it with the HTML and the stylesheet instead of after the scripts have arrived and run (issue 12, decision
   * 282); on the home page also the client's welcome, the page's largest paint (decision 309). The app's first render
   * replaces it with the same bar and welcome in the same place (app/shell/header.tsx, app/shell/app-layout.tsx and
   * the home page's Hero: keep them alike). Not in a frame (embedded mode hides the header; a browser says when it
   * loads a frame) nor on the staff console, which has its own.
   */
  function staticShell(req: FastifyRequest, pathname: string, state: BootState): string {
    const client = state.client;
    const query = req.query as Record<string, unknown>;
    if (!client || req.headers['sec-fetch-dest'] === 'iframe' || 'embedded' in query || /^\/staff(?:\/|$)/.test(pathname)) return '';
    const logo = state.themes?.at(-1)?.data.theme_app_logo ?? client.logo_url;
    const mark = logo
      ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(client.name)}" width="167" height="40" class="h-10 w-auto">`
      : escapeHtml(client.name);
    const hero = pathname === '/' ? client.hero : null;
    return (
      '<div class="flex min-h-screen flex-col"><header class="on-dark bg-header text-on-header">' +
      '<div class="mx-auto flex min-h-16 max-w-[1264px] items-center gap-6 px-4">' +
      `<span class="flex min-h-11 items-center rounded-md font-heading text-xl font-bold">${mark}</span></div></header>` +
      (hero
        ? `<main class="mx-auto w-full max-w-[1264px] flex-1 px-4 py-6 min-h-screen"><div class="flex flex-col gap-6">${welcome(hero)}</div></main>`
        : '') +
      '</div>'
    );
  }

  /** The home page's welcome as its Hero renders it (features/venues/routes/home-page.tsx). */
  function welcome(hero: NonNullable<Client['hero']>): string {
    const photo = hero.photo
      ? `<img src="${escapeHtml(hero.photo.src)}" srcset="${escapeHtml(hero.photo.srcset)}" sizes="${HERO_SIZES}" width="${hero.photo.width}" height="${hero.photo.height}" alt="${escapeHtml(hero.photo.alt)}" loading="eager" fetchpriority="high" decoding="async" class="h-auto w-full object-cover aspect-[16/9] max-h-96 sm:aspect-[21/9]">`
      : '';
    return (
      `<section aria-label="${escapeHtml(hero.title)}" class="relative overflow-hidden rounded-lg bg-gray-900 text-white">${photo}` +
      '<div class="flex flex-col gap-2 bg-gray-900 p-5 sm:absolute sm:inset-x-0 sm:bottom-0 sm:bg-gray-900/85 sm:p-6">' +
      `<p class="text-2xl font-bold sm:text-3xl">${escapeHtml(hero.title)}</p><p class="text-lg">${escapeHtml(hero.text)}</p></div></section>`
    );
  }

  function render(req: FastifyRequest, state: BootState): string {
    const head: string[] = [];
    // The page's own code, fetched beside the entry rather than once the entry has run and matched the route.
    const pathname = new URL(req.url, 'http://app').pathname;
    for (const script of scriptsFor(routesFor(req, state.client), pathname)) {
      head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(script)}">`);
    }
    // The page's first photo, fetched with the scripts rather than once they have run and rendered it (issue 12).
    const first = firstPhoto(pathname, state);
    if (first) {
      const { photo, sizes } = first;
      head.push(
        `<link rel="preload" as="image" href="${escapeHtml(photo.src)}" imagesrcset="${escapeHtml(photo.srcset)}" imagesizes="${sizes}" fetchpriority="high">`,
      );
    }
    // The theme the visitor will see: on a venue's page that venue's, else the selected venue's.
    const theme = state.themes?.at(-1)?.data;
    if (theme) {
      head.push(`<style id="theme-vars">${themeCss(theme)}</style>`);
      const { body, heading } = themeFonts(theme);
      for (const href of new Set([fonts.get(fontKey(body, 400)), fonts.get(fontKey(heading, 700))])) {
        if (href) head.push(`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`);
      }
    }
    const boot = `<script id="boot-state" type="application/json">${scriptSafeJson(state)}</script>`;
    let html = template;
    // The client's name in the tab and its icon from the first byte, not once the app has run (issue 12).
    if (state.client) {
      html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(state.client.name)}</title>`);
      if (state.client.icon_url)
        html = html.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${escapeHtml(state.client.icon_url)}">`);
    }
    const shell = staticShell(req, pathname, state);
    return html.replace('</head>', `${head.join('')}</head>`).replace('<div id="root"></div>', `<div id="root">${shell}</div>${boot}`);
  }

  return async function sendAppPage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = Buffer.from(render(req, await bootState(req)));
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
      return reply.header('content-encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gz(html, { level: 6 }));
    return reply.send(html);
  };
}
