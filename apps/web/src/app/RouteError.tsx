import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A screen that failed to load (a chunk after a deploy, a render error) offers a way back. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="route-error">
      <h1>{notFound ? 'No encontramos esta página' : 'Algo salió mal al mostrar la pantalla'}</h1>
      <p>Vuelve a cargar la página. Si el problema continúa, avisa a soporte.</p>
      <a className="ui-button ui-button--primary" href="/dashboard">
        Volver al inicio
      </a>
    </main>
  );
}
