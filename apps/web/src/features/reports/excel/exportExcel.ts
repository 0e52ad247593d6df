import type { SheetSpec } from './sheet';

/**
 * A report's .xlsx bytes, built in a Web Worker so the page stays responsive while a year of the
 * chain is written (README.md); where workers are missing (tests, an old browser) the builder
 * loads on the page and yields between chunks of rows. Neither loads before the first click.
 */

interface WorkerAnswer {
  ok: boolean;
  bytes?: ArrayBuffer;
  message?: string;
}

function inWorker(spec: SheetSpec): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./excel.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate();
      if (event.data.ok && event.data.bytes) resolve(event.data.bytes);
      else reject(new Error(event.data.message ?? 'No se pudo crear el archivo de Excel'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'No se pudo crear el archivo de Excel'));
    };
    worker.postMessage(spec);
  });
}

async function onPage(spec: SheetSpec): Promise<ArrayBuffer> {
  const { buildWorkbook } = await import('./workbook');
  return buildWorkbook(spec);
}

export function workbookBytes(spec: SheetSpec): Promise<ArrayBuffer> {
  return typeof Worker === 'function' && import.meta.env.MODE !== 'test'
    ? inWorker(spec)
    : onPage(spec);
}
