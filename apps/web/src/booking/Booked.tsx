import type { BookedAppointment } from './BookingPage';
import { AppointmentCard } from './AppointmentCard';

/** Step 6: the booked appointment and its link, where it is confirmed or cancelled later. */
export function Booked({ appointment }: { appointment: BookedAppointment }) {
  return (
    <>
      <p className="pb-alert pb-alert--success" role="status">
        ¡Listo! Agendamos tu cita. Te enviaremos un recordatorio antes de la cita.
      </p>
      <AppointmentCard appointment={appointment} />
      <p>Guarda este enlace: desde ahí puedes confirmar o cancelar tu cita.</p>
      <div className="pb-actions">
        <a className="pb-button pb-button--primary" href={appointment.link}>
          Ver mi cita
        </a>
        <a className="pb-button pb-button--secondary" href="/reservar">
          Reservar otra cita
        </a>
      </div>
    </>
  );
}
