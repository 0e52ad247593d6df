import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingPage } from './BookingPage';
import { LinkPage } from './LinkPage';
import { OfferPage } from './OfferPage';
import { PublicLayout } from './PublicLayout';
import './booking.css';

/**
 * The public pages' own entry (CONTRACT §15): `/reservar`, `/cita/{token}` and the waitlist's `/oferta/{token}`, served by the API
 * from `publico.html`. Plain React and the typed API client, no router and no component library,
 * so a customer's phone loads a fraction of the dashboard (`npm run size`: 150 KB gzip at most).
 */

const path = window.location.pathname.replace(/\/+$/, '');
const link = /^\/cita\/([^/]+)$/.exec(path);
const offer = /^\/oferta\/([^/]+)$/.exec(path);

function Page() {
  if (link) return <LinkPage token={decodeURIComponent(link[1]!)} />;
  if (offer) return <OfferPage token={decodeURIComponent(offer[1]!)} />;
  if (path === '/reservar') return <BookingPage />;
  return (
    <PublicLayout title="Página no encontrada">
      <p>
        Esta dirección no existe. <a href="/reservar">Reserva una cita</a>.
      </p>
    </PublicLayout>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
createRoot(root).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
