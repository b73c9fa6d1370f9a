export const auth = {
  login: {
    title: 'Log in',
    intro: 'Log in to book and pay for activities.',
    email: 'Email address',
    password: 'Password',
    submit: 'Log in',
    noAccount: "Don't have an account?",
    createAccount: 'Create an account',
  },
  register: {
    title: 'Sign up',
    intro: 'Create an account to book activities.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    password: 'Password',
    passwordHint: 'At least 8 characters.',
    submit: 'Create an account',
    haveAccount: 'Already have an account?',
    logIn: 'Log in',
  },
} as const;
