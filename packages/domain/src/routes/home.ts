import { NotFound } from '../errors';
import { HOME_SECTIONS } from '../home';
import { homeAnswer, homeQuery } from '../schemas/home';
import { route } from './define';

/** The home's one read (issue 28): `GET /report/home`. */
export const homeRoutes = {
  get: route({
    method: 'GET',
    path: '/report/home',
    access: { anyOf: Object.values(HOME_SECTIONS) },
    tag: 'Reportes',
    summary:
      'Inicio: el día de cada sucursal de un vistazo. Por sucursal: las citas de hoy por estado (agenda.view), las ventas de hoy y del mes (ddcTotal del modelo de lectura de los reportes) contra la meta del mes (reports.view), los lotes que caducan en 30 días y los productos bajo su mínimo (inventory.view), y si el día ya tiene corte y de quién (cashClosing.view); cada sección es null sin su privilegio. Los roles fijos a una sucursal reciben la suya, con sus próximas citas; un rol de cadena recibe un renglón por sucursal viva, o la sucursal que nombra branchId (404 si no existe).',
    query: homeQuery,
    answer: homeAnswer,
    errors: [[404, NotFound.branch]],
  }),
};
