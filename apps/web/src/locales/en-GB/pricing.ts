/** The membership pricing page (/pricing, the online-joining entry). */
export const pricing = {
  title: 'Membership pricing',
  intro: 'Choose a membership, add it to your basket and check out to join.',
  loading: 'Loading memberships',
  failed: 'We could not load the memberships, please try again.',
  empty: 'There are no memberships to buy online at the moment.',
  price: {
    monthly: '{{price}} a month',
    annual: '{{price}} a year',
    one_off: '{{price}} one-off',
  },
  join: 'Join',
  joinPlan: 'Join {{name}}',
  adding: 'Adding {{name}} to your basket',
  added: 'Your membership is in your basket. Check out to join.',
} as const;
