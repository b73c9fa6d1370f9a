/** Our wording for account messages the spec does not word (docs/decisions/006). */
export const accountMessages = {
  resetRequested: 'If an account matches, we have emailed you a link to reset your password.',
  resetDone: 'Your password has been reset. You can now log in.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetEmailSubject: 'Reset your password',
  loginThrottled: 'Too many login attempts. Please wait a few minutes and try again.',
  tokenInvalid: 'This login link is invalid or has expired.',
  detailsUpdated: 'Your details have been updated.',
  linkRequested: 'Your request has been sent.',
  linkSelf: 'You cannot link your own account.',
  linkExists: 'This account is already linked.',
  linkUnchangeable: 'This link can no longer be changed.',
  bookingNotCancellable: 'This booking can no longer be cancelled.',
  bookingCancelled: 'Your booking has been cancelled.',
} as const;
