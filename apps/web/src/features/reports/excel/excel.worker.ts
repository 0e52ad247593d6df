import type { SheetSpec } from './sheet';
import { buildWorkbook } from './workbook';

/**
 * Builds a report's .xlsx off the page's thread: the page posts a `SheetSpec`, the worker answers
 * the file's bytes (transferred, not copied) or the error's message. Loaded only on the first
 * 'Descargar Excel' (`exportExcel.ts`), with the builder and its zip inside it.
 */
self.onmessage = async (event: MessageEvent<SheetSpec>) => {
  try {
    // In the worker nothing waits for the thread: build in one go.
    const bytes = await buildWorkbook(event.data, { yieldEvery: Number.MAX_SAFE_INTEGER });
    (self as unknown as Worker).postMessage({ ok: true, bytes }, [bytes]);
  } catch (error) {
    (self as unknown as Worker).postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
