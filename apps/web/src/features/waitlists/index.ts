export { WaitlistButton } from './components/waitlist-button';
export { waitlistKeys } from './keys';
export { ordinal } from './queue-position';
export { useWaitlist } from './use-waitlist';
