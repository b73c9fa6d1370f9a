export { WaitlistButton } from './components/waitlist-button';
export { waitlistKeys } from './keys';
export { useWaitlist } from './use-waitlist';
