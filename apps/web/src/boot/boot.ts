import type { BootFramePath } from '@clinica/domain';
import './boot.css';

/**
 * The dashboard's frame and its page's heading, drawn before the app's JavaScript has arrived
 * (issue 24). A phone on a slow link waits 2–3 s for the ~220 KB the shell and a page need; this
 * module is 1.5 KB, index.html's only script (vite.config.ts, bootFirst). It draws into #root,
 * from the session in localStorage, what the app's first render will draw there: the header with
 * the branch and the user, the sidebar on a wide screen, and the home's greeting or the agenda's
 * heading; then it imports the app (startApp). React replaces the frame on its first render
 * (createRoot clears the container): nothing of it is ever interactive, and screen readers skip
 * it; it only shows sooner what is coming.
 *
 * Nothing is drawn without a session that still looks valid, or on any other path: the sign-in
 * screen and the rest of the app paint as before.
 */

/** The home's greeting by the hour in the branch (HomePage draws the same). */
export function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
}

/** The agenda's description under its heading (AgendaPage draws the same). */
export const AGENDA_DESCRIPTION =
  'Las citas del día por cabina. Elige un horario libre para agendar; una cita para ver sus acciones.';

/**
 * The pages drawn ahead (BOOT_FRAME_PATHS): their heading, from the session's claims; null where
 * the app will show something else (the agenda to a role without it says "Sin acceso").
 */
const HEADINGS: Record<BootFramePath, (claims: Claims, zone: string) => Node[] | null> = {
  '/dashboard/inicio': (claims, zone) => homeHero(claims, zone),
  '/dashboard/agenda': (claims) =>
    claims.privileges?.agenda?.length ? [pageHeader('Agenda', AGENDA_DESCRIPTION)] : null,
};

/** The shell's brand mark (DashboardLayout's), a constant: no text of the session goes in HTML. */
const BRAND_MARK =
  '<svg width="18" height="18" viewBox="0 0 64 64"><path d="M27 8h10v19h19v10H37v19H27V37H8V27h19z" fill="#fff"/></svg>';

interface Claims {
  fullname: string;
  privileges?: Record<string, string[]>;
  branch: string;
  role: string;
  zone?: string;
}

/** The claims of the stored access token, or null (no session, an unreadable token). */
export function storedClaims(storage: Storage): Claims | null {
  try {
    const pair = JSON.parse(storage.getItem('clinica.auth') ?? 'null') as {
      token?: string;
      refresh_token?: string;
      refreshExpiresAt?: number | null;
    } | null;
    if (!pair?.token || !pair.refresh_token) return null;
    if (typeof pair.refreshExpiresAt === 'number' && pair.refreshExpiresAt <= Date.now())
      return null;
    const payload = pair.token.split('.')[1] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Claims>;
    if (typeof claims.fullname !== 'string' || typeof claims.branch !== 'string') return null;
    if (typeof claims.role !== 'string') return null;
    return claims as Claims;
  } catch {
    return null;
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A page's heading as PageHeader draws it. */
function pageHeader(title: string, description: string): HTMLElement {
  const text = element('div', '');
  text.append(
    element('h1', 'page-title page-header__title', title),
    element('div', 'page-header__description', description),
  );
  const header = element('div', 'page-header');
  header.append(text);
  return header;
}

/** The home's hero as HomePage draws it: the greeting and the day (the facts come with the app). */
function homeHero(claims: Claims, zone: string): Node[] {
  const now = new Date();
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(
      now,
    ),
  );
  const day = new Intl.DateTimeFormat('es-MX', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(now);
  const hero = element('section', 'home__hero boot__hero');
  hero.append(
    element('h1', 'page-title', `${greeting(hour)}, ${claims.fullname.split(' ')[0]}`),
    element('p', '', day),
  );
  return [hero];
}

/** Draws the frame into `root` when `path` is a page drawn ahead; answers whether it drew. */
export function drawFrame(root: HTMLElement, path: string, claims: Claims | null): boolean {
  const heading = HEADINGS[path.replace(/\/+$/, '') as BootFramePath] as
    ((claims: Claims, zone: string) => Node[] | null) | undefined;
  if (!heading || !claims || root.firstChild) return false;
  const heads = heading(claims, claims.zone || 'America/Mexico_City');
  if (!heads) return false;
  const frame = element('div', 'boot');
  frame.setAttribute('aria-hidden', 'true');
  // The shell's own classes where its stylesheet (linked in the page's head) draws the part.
  const brand = element('div', 'shell__brand');
  const mark = element('span', 'shell__brand-mark');
  mark.innerHTML = BRAND_MARK;
  brand.append(mark, element('span', '', 'Clínica Estética'));
  const sider = element('div', 'boot__sider');
  sider.append(brand);
  const where = element('div', 'shell__branch');
  where.append(
    element('span', 'boot__menu-button'),
    element('span', 'boot__icon'),
    element('span', 'shell__branch-name', claims.branch.toUpperCase()),
  );
  const who = element('span', 'shell__user-text');
  who.append(
    element('span', 'shell__user-name', claims.fullname),
    element('span', 'shell__user-role', claims.role),
  );
  const user = element('div', 'shell__user');
  user.append(element('span', 'shell__avatar'), who);
  const header = element('div', 'shell__header boot__header');
  header.append(where, user);
  const page = element('div', 'shell__page');
  page.append(...heads);
  const content = element('div', 'shell__content');
  content.append(page);
  const main = element('div', 'boot__main');
  main.append(header, content);
  frame.append(sider, main);
  root.append(frame);
  return true;
}

/**
 * The app's entry, named by index.html's `link[data-app]`: imported once the browser has
 * recorded the frame's paint (its largest-contentful-paint entry, or where a browser has none,
 * the task after the next two frames), so that the frame is what a phone shows first, also where
 * the app would arrive a moment later; at once when nothing was drawn or the tab is hidden (no
 * frames come then). Without the link (the development server) the page loads the entry itself.
 */
export function startApp(drew: boolean) {
  const entry = document.querySelector<HTMLLinkElement>('link[data-app]')?.href;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The app's files, named by the API (platform/web-preload.ts), asked for now, in one append.
    const links = document.createDocumentFragment();
    for (const later of document.querySelectorAll<HTMLLinkElement>('link[rel="app-module"]')) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = later.href;
      links.append(link);
    }
    document.head.append(links);
    import(/* @vite-ignore */ entry).catch(() => {
      // The app did not arrive (the connection dropped): say so, instead of a frame that waits.
      const alert = element(
        'p',
        'boot__failure',
        'No se pudo cargar la aplicación. Revisa la conexión y vuelve a cargar la página.',
      );
      alert.setAttribute('role', 'alert');
      document.getElementById('root')?.append(alert);
    });
  };
  if (!drew || document.visibilityState === 'hidden') return start();
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // A paint never reported (a background tab's) does not keep the app waiting.
    setTimeout(start, 1000);
  } else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}

const root = document.getElementById('root');
if (root) {
  startApp(drawFrame(root, window.location.pathname, storedClaims(localStorage)));
}
