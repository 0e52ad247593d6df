/**
 * The dashboard pages whose frame and heading the web app draws before its JavaScript arrives
 * (apps/web/src/boot/boot.ts). On them the page's first paint needs no script of the app, so the
 * API names the app's files in their index.html at low fetch priority (platform/web-preload.ts):
 * what the first paint needs (the stylesheets, the boot script) goes first on a slow link.
 */
export const BOOT_FRAME_PATHS = ['/dashboard/inicio', '/dashboard/agenda'] as const;
export type BootFramePath = (typeof BOOT_FRAME_PATHS)[number];
