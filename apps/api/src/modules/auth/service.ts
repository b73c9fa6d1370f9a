import {
  type AuthUser,
  accountMessages,
  type Customer,
  type LoginBody,
  ourMessages,
  type RegisterBody,
  resetPasswordPath,
} from '@app/contracts';
import type { AuthedCtx, Ctx } from '../../http/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError } from '../../lib/errors';
import { newCustomerReference, newToken, sha256 } from '../../lib/ids';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { inTransaction } from '../../lib/transaction';
import { queueEmail } from '../notifications/queue';
import { sendQueuedNow } from '../notifications/send';
import {
  consumePasswordReset,
  deleteSession,
  deleteSessionsOf,
  findSession,
  findUserAccount,
  findUserByEmail,
  findUserByEmailOrReference,
  insertPasswordReset,
  insertSession,
  insertUser,
  setPassword,
  type UserRow,
} from './queries';
import { assertNotThrottled, clearAccountFailures, recordFailure } from './throttle';

/** Starts a session for a user and returns its token (stored only as a hash). */
async function startSession(c: Ctx, userId: number): Promise<string> {
  const token = newToken();
  const now = c.clock.now();
  await insertSession(c.db, {
    tokenHash: sha256(token),
    clientId: c.client.id,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + c.config.sessionDays * 86_400_000),
  });
  return token;
}

/**
 * The same answer, in the same time, whether the email is unknown or the password wrong. Throttled per account and
 * per address (throttle.ts): a throttled attempt is refused before the password is checked.
 */
export async function login(c: Ctx, body: LoginBody, address: string): Promise<{ token: string; user: AuthUser }> {
  const attempt = { account: body.username.trim().toLowerCase(), address };
  await assertNotThrottled(c, attempt);
  const user = await findUserByEmail(c.db, c.client.id, body.username);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok) {
    await recordFailure(c, attempt);
    throw new AppError('invalid_credentials');
  }
  await clearAccountFailures(c, attempt.account);
  const token = await startSession(c, user.id);
  return { token, user: await currentUser({ ...c, user: { id: user.id, role: user.role, tokenHash: sha256(token), via: 'cookie' } }) };
}

export async function logout(c: Ctx): Promise<void> {
  if (!c.user) return;
  await deleteSession(c.db, c.user.tokenHash);
  c.sessions.forgetSession(c.user.tokenHash);
}

/**
 * The logged-in user as the session check shows them. Remembered for a few seconds per process (decision 115): any
 * change made through this process forgets it, and another process's change shows within the cache's time.
 */
export async function currentUser(c: AuthedCtx): Promise<AuthUser> {
  const remembered = c.sessions.user(c.client.id, c.user.id);
  if (remembered) return remembered;
  const user = await loadCurrentUser(c);
  c.sessions.rememberUser(c.client.id, c.user.id, user);
  return user;
}

async function loadCurrentUser(c: AuthedCtx): Promise<AuthUser> {
  const summary = await findUserAccount(c.db, c.client.id, c.user.id, c.clock.now());
  if (!summary) throw new AppError('unauthenticated');
  const u = summary.user;
  return {
    id: u.id,
    reference: u.reference,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    home_venue_slug: summary.homeVenueSlug,
    credit: { balance: summary.creditBalance },
    has_instruction: false,
    has_billing_date: false,
    barcode: u.barcode,
    profile_photo: u.profilePictureUrl,
    membership_user: summary.membership ? { id: summary.membership.id, home_venue_id: summary.membership.homeVenueId } : null,
    membership_document_upload_required: false,
    document_expiry: null,
    has_outstanding_penalties: summary.hasOutstandingPenalties,
    is_staff: u.role === 'staff',
  };
}

export function toCustomer(u: UserRow): Customer {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    reference: u.reference,
    title: u.title,
    email: u.email,
    gender: u.gender,
    ethnicity: u.ethnicity,
    disability: u.disability,
    profile_picture_url: u.profilePictureUrl,
    phone: u.phone,
    address: u.address ?? null,
    marketing_email: u.marketingEmail,
    marketing_sms: u.marketingSms,
    marketing_phone: u.marketingPhone,
    marketing_post: u.marketingPost,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    date_of_birth: u.dateOfBirth,
    created_at: u.createdAt.toISOString(),
  };
}

/** Sign-up is for visitors (and staff signing a customer up at the desk); it logs the new customer in. */
export async function register(c: Ctx, body: RegisterBody, onboardingType: string): Promise<{ token: string | null; customer: Customer }> {
  if (c.user && c.user.role !== 'staff') throw new AppError('forbidden');
  if (body.client_id !== undefined && body.client_id !== c.client.id) throw fieldError({ client_id: ['The selected client is invalid.'] });
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await insertUser(c.db, {
      clientId: c.client.id,
      // Random, so references can be neither counted nor guessed (decision 076). A clash (about 1 in 10^9 with a
      // million customers) is refused like a taken email, and asking again succeeds.
      reference: newCustomerReference(c.client.identifier),
      email: body.email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
      title: body.title ?? null,
      phone: body.phone ?? null,
      dateOfBirth: body.date_of_birth ?? null,
      marketingEmail: body.marketing_email ?? false,
      marketingSms: body.marketing_sms ?? false,
      marketingPhone: body.marketing_phone ?? false,
      marketingPost: body.marketing_post ?? false,
      source: body.source,
      onboardingType,
    });
    // Staff signing someone up stay logged in as themselves.
    const token = c.user ? null : await startSession(c, user.id);
    return { token, customer: toCustomer(user) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('email_taken', { fieldErrors: { email: [ourMessages.emailTaken] } });
    throw err;
  }
}

/**
 * The app shell's `token` query parameter, exchanged for the httpOnly cookie: a live session token of this client
 * is replaced by a new one (so the token that travelled in a URL stops working) and the new one goes in the cookie.
 */
export async function exchangeToken(c: Ctx, token: string): Promise<{ token: string; user: AuthUser }> {
  const session = await findSession(c.db, sha256(token), c.client.id, c.clock.now());
  if (!session) throw new AppError('token_invalid');
  await deleteSession(c.db, session.tokenHash);
  c.sessions.forgetSession(session.tokenHash);
  const fresh = await startSession(c, session.userId);
  return {
    token: fresh,
    user: await currentUser({ ...c, user: { id: session.userId, role: session.role, tokenHash: sha256(fresh), via: 'cookie' } }),
  };
}

/**
 * Emails a reset link to the account with this email or reference, if there is one. The answer is the same either
 * way, so the call cannot be used to find out who has an account.
 */
export async function forgottenPassword(c: Ctx, emailOrReference: string, linkOrigin: string): Promise<string> {
  const user = await findUserByEmailOrReference(c.db, c.client.id, emailOrReference);
  if (user) {
    const token = newToken();
    const now = c.clock.now();
    const link = `${linkOrigin}${resetPasswordPath}?token=${token}`;
    // The link and the email it goes out in are written together; the email is sent by the email job (decision 105).
    const jobId = await inTransaction(c.db, async (tx) => {
      await insertPasswordReset(tx, {
        clientId: c.client.id,
        userId: user.id,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + c.config.passwordResetMinutes * 60_000),
      });
      return queueEmail(tx, {
        clientId: c.client.id,
        to: user.email,
        kind: 'password_reset',
        data: { customerName: user.firstName, link, minutes: c.config.passwordResetMinutes },
        dedupeKey: `password_reset:${sha256(token)}`,
        now,
      });
    });
    await sendQueuedNow(c, [jobId]);
  }
  return accountMessages.resetRequested;
}

/** Sets a new password from a reset link (once, before it expires) and ends every session of that account. */
export async function resetPassword(c: Ctx, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const reset = await c.db.transaction(async (tx) => {
    const id = await consumePasswordReset(tx, c.client.id, sha256(token), c.clock.now());
    if (id === null) throw new AppError('reset_link_invalid', { fieldErrors: { token: [accountMessages.resetLinkInvalid] } });
    const changed = await setPassword(tx, c.client.id, id, passwordHash);
    await deleteSessionsOf(tx, c.client.id, id);
    return { changed, id };
  });
  // The sessions just ended stop working in this process at once (other processes: within the cache's time).
  c.sessions.forgetUser(reset.id);
  // Whoever proved they hold the mailbox may log in at once, even if guesses had throttled the account.
  if (reset.changed) await clearAccountFailures(c, reset.changed);
  return accountMessages.resetDone;
}
