import { health, publicConfig } from '../schemas/system';
import { route } from './define';

/**
 * Health and the web client's public configuration, apart from the platform's other routes: every
 * dashboard screen reads `/config` when it opens, and the roles', log's and lookups' schemas beside
 * them would be built with it, as a module's schemas are when it loads.
 */
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
