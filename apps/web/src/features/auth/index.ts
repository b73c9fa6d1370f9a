export { getUser, type User, userQueryOptions, useUser } from './api/get-user';
export { useLogin } from './api/login';
export { useLogout } from './api/logout';
export { LoginModal } from './components/login-modal';
export { authKeys } from './keys';
export { loginModal, useLoginModalOpen } from './login-modal-store';
export { LoginPage } from './routes/login-page';
export { RegisterPage } from './routes/register-page';
