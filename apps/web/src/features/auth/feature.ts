import type { PublicScreen } from '../../shared/feature';

const login = async () => (await import('./LoginPage')).LoginPage;

/** The screens open without a session (spec 000 §1, §4): sign-in, quick login, password reset. */
export const authScreens: PublicScreen[] = [
  { path: '/', page: login },
  { path: '/login', page: login },
  { path: '/quick-login', page: async () => (await import('./QuickLoginPage')).QuickLoginPage },
  {
    path: '/forgot-password/:code?',
    page: async () => (await import('./ForgotPasswordPage')).ForgotPasswordPage,
  },
];
