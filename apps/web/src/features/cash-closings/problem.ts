import { isApiError } from '../../shared/api/client';

/** The API's message (and each field's) for an error shown in an alert. */
export const problemOf = (error: unknown) =>
  isApiError(error) && error.details.length > 0
    ? error.details.map((detail) => detail.message).join(' ')
    : error instanceof Error
      ? error.message
      : 'No se pudo completar la operación';
