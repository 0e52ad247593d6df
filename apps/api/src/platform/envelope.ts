import { messageFor } from '@clinica/domain';

/** The body of every answer (CONTRACT §2). */
export interface Envelope<T> {
  statusCode: number;
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, code = 0): Envelope<T> {
  return { statusCode: 200, code, message: messageFor(200, code), data };
}

export function created<T>(data: T, code = 0): Envelope<T> {
  return { statusCode: 201, code, message: messageFor(201, code), data };
}
