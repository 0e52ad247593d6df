/**
 * The dashboard pages whose frame and heading the web app draws before its JavaScript arrives
 * (apps/web/src/boot/boot.ts). On them the page's first paint needs no script of the app, so the
 * API names the app's files in their index.html as inert links that the boot script asks for
 * after that paint (platform/web-preload.ts): the stylesheets and the boot go first on a slow link.
 */
export const BOOT_FRAME_PATHS = ['/dashboard/inicio', '/dashboard/agenda'] as const;
export type BootFramePath = (typeof BOOT_FRAME_PATHS)[number];
