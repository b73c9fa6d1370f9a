/**
 * The spec's user-visible strings, word for word. Both the API (error bodies) and the web app (toasts,
 * pages) read them from here so a string is written once.
 */
export const statusMessages = {
  404: 'Unable to complete request, item not found.',
  403: 'Unauthorised.',
  default: 'Something has gone wrong, please try again.',
} as const;

export const sharedDefaultMessage = 'Something went wrong, please try again.';

/** The spec's generic field message for a missing value (doc 2); the zod error map says it too. */
export const requiredMessage = 'Required';

export const toastMessages = {
  cartAdded: 'Successfully added item to the basket.',
  cartRemoved: 'Successfully removed item from the basket.',
  cartUpdated: 'Successfully updated item in the basket.',
  benefitRemoved: 'Successfully removed benefit.',
  packageRemoved: 'Successfully removed package usage.',
  orderCleared: 'Successfully cleared order.',
  orderCompleted: 'Order completed Successfully.',
  orderFailed: 'Unable to complete your order, please try again.',
  creditApplied: 'Credit successfully applied.',
  creditFailed: 'Credit amount could not be applied.',
  waiverError: 'Error with waivers, unable to complete order, please try again',
  extraRemoved: (name: string) => `${name} removed from cart`,
  extraRemoveFailed: (name: string) => `Failed to remove ${name}. Please try again.`,
  waitlistJoined: 'Successfully joined the waitlist.',
  waitlistLeft: 'Successfully removed from the waitlist.',
  selectVenue: 'Please select a venue before booking an activity',
  activityNotFound: "We couldn't find the activity you are looking for",
  validationTitle: 'Validation errors',
  errorTitle: 'Error',
  loginFallback: 'User signed out',
} as const;

export const paymentMessages = {
  preparationFailed: 'Preparation failed',
  authorizationFailed: 'Authorization failed',
  completionFailed: 'Payment completion failed',
  threeDSecureFailed: '3D Secure verification failed',
  createSessionFailed: 'Failed to create payment session',
  prepareFailed: 'Failed to prepare payment',
  declined: 'Payment was declined',
  providerNotInSession: 'Payment provider not found in session',
  sessionIdNotFound: 'Payment session ID not found',
  createTransactionFailed: 'Failed to create transaction',
  opayoSessionFailed: 'Failed to create Opayo session',
  stripeConfigFailed: 'Failed to get Stripe configuration',
  authorizeFailed: 'Failed to authorize payment',
  completeFailed: 'Failed to complete payment',
  threeDSecureCompleteFailed: 'Failed to complete 3D Secure verification',
  noTransactionId: 'No transaction ID available for payment completion',
  providerNotSpecified: 'Payment provider not specified',
  providerNotSupported: (provider: string) => `Payment provider '${provider}' is not supported`,
  providerLacks: (provider: string, capability: 'session' | 'payment preparation') =>
    `Payment provider '${provider}' does not support ${capability}`,
} as const;

export const colourMessages = {
  rgbFormat: 'RGB colour must be in RGB format',
  tintFactor: 'Tint factor must be between 0 and 1',
  seedFormat: 'Seed colour must be in either hex or rgb format',
} as const;

export const pageMessages = {
  errorTitle: 'We may have dropped the ball on this one.',
  errorText: 'The page failed to load correctly. Try refreshing the page or return to the home page.',
  maintenance: 'Unable to access the site due to planned maintenance.',
  notFoundTitle: "Whoops! Looks like you've gone offside.",
  notFoundText: "The page you're looking for doesn't exist. Return home to keep the ball rolling.",
  goHome: 'Go home',
} as const;

export const basketMessages = {
  title: 'Shopping basket',
  basketCost: 'Basket cost:',
  totalToPay: 'Total to pay:',
  agreeTerms: 'I agree to the Terms and Conditions',
  checkoutNow: 'Checkout now',
  continueBrowsing: 'Continue browsing',
  editBasket: 'Edit basket',
  emptyLoggedIn: 'Your shopping basket is empty',
  emptyVisitor: 'Log in to add items to your basket',
  loadFailed: 'Failed to load your shopping basket, please try again.',
  itemsAdded: 'Items added to basket',
} as const;

export const questionMessages = {
  required: 'This field is required',
  selectOption: 'Please select an option',
  selectAtLeastOne: 'Please select at least one option',
  selectDate: 'Please select a date',
  selectSession: 'Please select at least one session',
  unsupportedType: (type: string) => `Unsupported question type: ${type}`,
} as const;

/**
 * Messages the spec does not word. Each is ours, kept here so the API and the app agree; see
 * docs/decisions/006-error-codes-and-messages.md.
 */
export const ourMessages = {
  /** A strike block (issue 15, decision 129): the date is the client's local day the block ends. */
  onlineBookingBlocked: (until: string) =>
    `Online booking is paused on your account until ${until} because of missed sessions. Please contact the centre to book.`,
  unauthenticated: 'Please log in to continue.',
  invalidCredentials: 'These credentials do not match our records.',
  emailTaken: 'An account with this email address already exists.',
  occurrenceFull: 'Sorry, this session is fully booked.',
  /** Per-customer limits (decision 077): plain English, the spec has no wording for them. */
  tooManyPlacesHeld: (max: number) =>
    `You can hold up to ${max} places at a time. Please book or remove what is in your basket before adding more.`,
  tooManyBaskets: (max: number) => `You can have up to ${max} baskets open at a time. Please book or empty one first.`,
  tooManyItems: (max: number) => `You can add up to ${max} items at a time.`,
  occurrenceNotBookable: 'This session can no longer be booked.',
  alreadyInBasket: 'This session is already in your basket.',
  alreadyBooked: 'You have already booked this session.',
  waitlistUnavailable: 'You cannot join the waitlist for this session.',
  waitlistOfferGone: 'This place is no longer held for you.',
  itemTypeNotSupported: 'This item cannot be added to the basket.',
  basketEmpty: 'Your shopping basket is empty',
  basketChanged: 'Your basket has changed. Please review it and try again.',
  basketItemExpired: 'An item in your basket has expired. Please remove it and add it again.',
  termsRequired: 'You must agree to the Terms and Conditions.',
  paymentMismatch: 'The payments do not cover the amount to pay.',
  transactionNotAuthorised: 'This payment has not been authorised.',
  paymentInProgress: 'Your payment is still being processed. Please wait a moment and try again.',
  malformedRequest: 'The request could not be understood.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  busy: 'We are very busy right now. Please try again in a few seconds.',
  invalidValue: 'The value is invalid.',
  placeNotFound: 'We could not find that place. Try a town or a full postcode.',
  noVenuesNearby: (miles: number) => `No venues found within ${miles} miles.`,
  geocoderUnavailable: 'Place search is unavailable at the moment. Try again, or share your location.',
  /** What a form field needs, said as what to do (issue 13, defect 7); the spec words no login or sign-up rules. */
  errorSummaryTitle: 'There is a problem',
  enterFirstName: 'Enter your first name',
  enterLastName: 'Enter your last name',
  enterEmail: 'Enter your email address',
  emailFormat: 'Enter an email address in the correct format, like name@example.com',
  enterPassword: 'Enter your password',
  choosePassword: 'Choose a password',
  passwordTooShort: 'Your password must be at least 8 characters',
  confirmPassword: 'Enter your new password again',
  enterEmailOrReference: 'Enter your email address or customer reference',
  agreeToSignUp: 'Agree to the Terms and Conditions and the privacy notice to create an account',
  enterAddressLine1: 'Enter the first line of your address',
  enterTown: 'Enter your town or city',
  enterPostcode: 'Enter your postcode',
  enterCardNumber: 'Enter your card number',
  enterExpiry: 'Enter the expiry date',
  enterSecurityCode: 'Enter the security code',
  enterCardName: 'Enter the name on the card',
} as const;

/** Checkout and basket messages the spec does not word (ours; docs/decisions/006-error-codes-and-messages.md). */
export const checkoutMessages = {
  notForSale: 'This item is not for sale.',
  penaltyNotOutstanding: 'This penalty has already been paid.',
  noMembership: 'You do not have a membership to change or renew.',
  samePlan: 'You already have this membership.',
  alreadyMember: 'You already have an active membership.',
  programmeStarted: 'This has already started',
  programmeSoldOut: 'Sold out',
  campBundledNotOffered: 'The whole camp cannot be booked.',
  campIndividualNotOffered: 'Sessions of this camp cannot be booked individually.',
  campSessionUnknown: 'The selected session is not part of this camp.',
  extraUnknown: 'The selected extra is invalid.',
  /** An item naming what it buys both ways (doc 1's id and type, doc 2's purchasable_id and purchasable_type) differently. */
  purchasableMismatch: (field: 'id' | 'type') => `Must be the same as ${field}.`,
  quantityAbove: (max: number) => `Must be at most ${max}`,
  onlyBundleOptions: 'Extras and answers can only be changed for courses and camps.',
  noBenefit: 'No benefit is applied to this item.',
  noPackage: 'No package is applied to this item.',
  paidBookingDisabled: 'Paid bookings are not available at the moment.',
  cardRequired: 'Enter your card details to pay the rest.',
  creditChanged: 'Your credit balance has changed. Please apply your credit again.',
  scaNotRequired: 'This payment does not need 3D Secure verification.',
  lateCredited: (amount: string) =>
    `Your payment arrived after some places were released and could not be rebooked. ${amount} has been added to your account credit.`,
  tillRequired: 'A till is needed for cash, cheque and offline voucher payments.',
  notDeskTender: 'This tender cannot be taken at the desk.',
  webhookSignature: 'The webhook signature could not be verified.',
  oneForAnother: 'Must be exactly 1 when buying for another user',
  /** Decision 168: only a single session still holding its place moves to another person. */
  notMovable: 'This item cannot be moved to another person. Remove it and add it again for them.',
  answersOnlyForProgrammes: 'Answers are only taken for courses and camps',
  extrasOnlyForProgrammes: 'Extras are only available for courses and camps',
  programmeOccurrence: 'Courses and camps are added as a course or a camp.',
  ticketRequired: 'Please choose at least one ticket.',
  ticketUnknown: 'The selected ticket is invalid.',
  ticketsNotTicketed: 'Tickets are only chosen for ticketed sessions.',
  cardNumberInvalid: 'Enter a valid card number',
  cardExpiryFormat: 'Enter the expiry date as MM/YY',
  securityCodeFormat: 'Enter the 3 or 4 digit security code',
  cardExpired: 'The card has expired',
  /** The basket's hold countdown (decision 121): why the clock runs, and what happens when it stops. */
  holdCountdown: (time: string) => `We are holding your places for ${time}`,
  holdReason: 'When the time runs out, your places are released for others to book.',
  holdFiveMinutes: 'Your places are held for 5 more minutes.',
  holdOneMinute: 'Your places are held for 1 more minute.',
  holdExpired: 'Your hold has run out and your places have been released.',
} as const;
