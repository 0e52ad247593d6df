import { RouterProvider } from 'react-router';
import { NotificationHost } from '../shared/notify';
import { router } from './router';
import './global.css';

/**
 * The shell every screen shares. It stays small on purpose: the sign-in screens load only this,
 * their own chunk and what that imports; the dashboard brings antd's theme, its query cache and
 * its layout with it (scripts/size-check.mjs keeps it that way).
 */
export function App() {
  return (
    <>
      <NotificationHost />
      <RouterProvider router={router} />
    </>
  );
}
