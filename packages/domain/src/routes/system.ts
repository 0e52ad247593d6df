import { health, publicConfig } from '../schemas/system';
import { route } from './define';

/*
 * Apart from the platform's other routes: every dashboard screen reads `/config` when it opens,
 * and the roles', log's and lookups' schemas beside them are built when their module loads.
 */

/** Health and the web client's public configuration. */
export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/health',
    access: { public: true },
    tag: 'Sistema',
    summary: 'Estado del servicio y de la base de datos (503 si la base no responde)',
    answer: health,
  }),
  config: route({
    method: 'GET',
    path: '/config',
    access: { public: true },
    tag: 'Sistema',
    summary: 'Configuración pública del cliente web (enlace al punto de venta)',
    answer: publicConfig,
  }),
};
