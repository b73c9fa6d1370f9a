/** The app's page a password-reset email links to, with `?token=`. */
export const resetPasswordPath = '/reset-password';
