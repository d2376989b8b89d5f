/** Browser downloads: a CSV text handed to the browser as a file, named with today's date in the user's zone. */
import { Temporal } from 'temporal-polyfill';
import { csvFileName } from '../domain/shared/csv';

/** Today as YYYY-MM-DD in the given zone (the user's own by default). */
export function todayIn(zone: string = Temporal.Now.timeZoneId()): string {
  return Temporal.Now.plainDateISO(zone).toString();
}

/** Saves `text` as `<base>-<today>.csv` (with a byte order mark so spreadsheets read it as UTF-8). */
export function downloadCsv(base: string, text: string, zone?: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = csvFileName(base, todayIn(zone));
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
