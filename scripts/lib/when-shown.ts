/**
 * How the benchmarks wait for a screen to show a result without disturbing it: in the page,
 * `(window as BenchWindow).benchWhen(check, timeoutMs)` resolves with the time (performance.now()) of the
 * animation frame after the DOM change, or the URL change, that makes `check()` true. It watches with a
 * MutationObserver instead of running the check in every animation frame, which kept the page drawing
 * frames during what was measured.
 */
import type { Page } from '@playwright/test';

export interface BenchWindow {
  benchWhen(check: () => boolean, timeoutMs: number): Promise<number>;
}

/** Installs the in-page watcher; call before the page's first navigation (it is set up on every document). */
export async function installWhenShown(page: Page): Promise<void> {
  // The script below is this file's code as tsx compiled it, which names its inner functions with a helper
  // (`__name`) that exists only in Node: the page gets a stand-in that leaves a function as it is.
  await page.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await page.addInitScript(() => {
    // A URL change is announced: it may change no element (the same rows for a longer search term).
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        window.dispatchEvent(new Event('bench:url'));
      };
    }
    (window as unknown as BenchWindow).benchWhen = (check, timeoutMs) =>
      new Promise<number>((resolve, reject) => {
        const stop = () => {
          observer.disconnect();
          window.removeEventListener('bench:url', onChange);
          clearTimeout(timer);
        };
        const onChange = () => {
          if (!check()) return;
          stop();
          requestAnimationFrame(() => resolve(performance.now()));
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`not shown within ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new MutationObserver(onChange);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        window.addEventListener('bench:url', onChange);
        onChange();
      });
  });
}
