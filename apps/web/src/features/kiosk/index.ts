export { DEFAULT_KIOSK_IDLE_MS, KioskIdleLogout } from './components/kiosk-idle-logout';
export { KioskHomePage } from './routes/kiosk-home-page';
