/**
 * The local sandboxes' pages (the Stripe stand-in's hosted onboarding, the scheduling systems' install and
 * authorize pages, the external admin's stand-in): one plain HTML page and its escaping, shared by every
 * feature that serves one. `linkRefused` is the 403 page for a link without a valid state (sandbox-state.ts).
 */
import type { Context } from 'hono';

export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
label{display:block;margin:1rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:1rem;padding:.6rem 1.2rem;background:#2b6cb0;color:#fff;border:0;border-radius:.3rem}</style>
</head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export const linkRefused = (c: Context) =>
  c.html(
    page(
      'Link expired',
      '<p role="alert">This link is not valid or has expired: open it again from the console.</p>',
    ),
    403,
  );
