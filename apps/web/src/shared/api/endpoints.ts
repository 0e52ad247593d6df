import { z } from 'zod';
import {
  auditEntry,
  branchOption,
  changePasswordBody,
  changePasswordCodeBody,
  checkInBody,
  listOf,
  moduleEntry,
  publicConfig,
  quickLoginAnswer,
  quickLoginBody,
  refreshBody,
  resetPasswordBody,
  resetPinBody,
  role,
  signInBody,
  signOutBody,
  tokenPair,
  updateRoleBody,
} from '@clinica/domain';
import { endpoint } from './client';

/** Every call the web app makes, typed by the schemas the server validates with. */

/** Answers whose `data` the screens do not read. */
const anything = z.unknown();

export const auth = {
  signIn: endpoint({
    method: 'POST',
    path: '/auth/sign-in',
    body: signInBody,
    answer: tokenPair,
    public: true,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    body: refreshBody,
    answer: tokenPair,
    public: true,
  }),
  quickLogin: endpoint({
    method: 'POST',
    path: '/auth/quick-login',
    body: quickLoginBody,
    answer: quickLoginAnswer,
    public: true,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/auth/sign-out',
    body: signOutBody,
    answer: anything,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    body: resetPasswordBody,
    answer: anything,
    public: true,
  }),
  changePasswordWithCode: endpoint({
    method: 'PUT',
    path: '/auth/change-password-code',
    body: changePasswordCodeBody,
    answer: anything,
    public: true,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/auth/change-password',
    body: changePasswordBody,
    answer: anything,
  }),
  resetPin: endpoint({
    method: 'PUT',
    path: '/auth/reset-pin',
    body: resetPinBody,
    answer: anything,
  }),
};

export const platform = {
  branches: endpoint({
    method: 'GET',
    path: '/branch/all',
    answer: z.array(branchOption),
    public: true,
  }),
  config: endpoint({
    method: 'GET',
    path: '/config',
    answer: publicConfig,
    public: true,
  }),
  checkIn: endpoint({ method: 'POST', path: '/user/checkin', body: checkInBody, answer: anything }),
  auditLog: endpoint({ method: 'GET', path: '/log', answer: listOf(auditEntry) }),
  modules: endpoint({ method: 'GET', path: '/module', answer: z.array(moduleEntry) }),
  roles: endpoint({ method: 'GET', path: '/role', answer: z.array(role) }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/role/:id/update',
    body: updateRoleBody,
    answer: anything,
  }),
};
