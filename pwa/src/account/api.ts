/** The account's own API calls: e-mail address, passwords, devices, export, deletion,
 * one-click unsubscribe (server: core/accounts/account_apis.py). */

import { request } from "../api";
import type { components } from "../api/schema";
import type { Page, User } from "../types";

export type Device = components["schemas"]["DeviceOut"];

export const accountApi = {
  me: () => request<User>("GET", "accounts/me"),
  setEmail: (email: string) => request<User>("PATCH", "accounts/me", { email }),
  resendEmail: () => request<void>("POST", "accounts/me/email/resend"),
  verifyEmail: (uid: string, token: string) =>
    request<{ email: string }>("POST", "accounts/email/verify", { uid, token }),
  changePassword: (current_password: string, new_password: string) =>
    request<{ token: string }>("POST", "accounts/me/password", { current_password, new_password }),
  forgot: (email: string) => request<void>("POST", "accounts/password/reset", { email }),
  reset: (uid: string, token: string, new_password: string) =>
    request<void>("POST", "accounts/password/reset/confirm", { uid, token, new_password }),
  devices: () => request<Page<Device>>("GET", "accounts/me/devices", undefined, { page_size: 100 }),
  revokeDevice: (id: number) => request<void>("DELETE", `accounts/me/devices/${id}`),
  revokeOthers: () => request<{ revoked: number }>("POST", "accounts/me/devices/revoke-others"),
  exportData: () => request<Record<string, unknown>>("GET", "accounts/me/export"),
  deleteAccount: (password: string) => request<void>("POST", "accounts/me/delete", { password }),
  unsubscribe: (token: string) =>
    request<{ channel: string; kinds: string[] }>("POST", "notifications/unsubscribe", undefined, {
      token,
    }),
};
