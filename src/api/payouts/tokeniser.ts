/**
 * Bank account tokenisation (spec 02 §5, §9: country US, currency USD), as Stripe.js's createToken does it:
 * POST {Stripe}/v1/tokens with the publishable key, form-encoded bank_account[…] fields. The numbers go to
 * the payment provider only (VITE_STRIPE_API_URL, by default the API's local Stripe stand-in), never to our
 * own API routes, which receive the btok_… token alone.
 */
import * as v from 'valibot';

export interface BankNumbers {
  routingNumber: string;
  accountNumber: string;
}

/** Turns the bank numbers into a bank account token (btok_…). */
export type BankTokeniser = (bank: BankNumbers) => Promise<string>;

export interface StripeTokeniserConfig {
  /** Stripe's API origin (https://api.stripe.com) or the stand-in's base URL. */
  apiUrl: string;
  /** pk_test_… or pk_live_…: the one key a browser may hold. */
  publishableKey: string;
  /** How the request is sent (the global fetch). */
  fetch?: typeof fetch;
}

const TokenSchema = v.object({ id: v.pipe(v.string(), v.startsWith('btok_')) });
const RefusalSchema = v.object({ error: v.object({ message: v.string() }) });

/** A refusal by the payment provider, with its message (for the bank form's error). */
export class TokenRefusedError extends Error {
  override name = 'TokenRefusedError';
}

export function stripeTokeniser(config: StripeTokeniserConfig): BankTokeniser {
  const send = config.fetch ?? ((input, init) => fetch(input, init));
  return async ({ routingNumber, accountNumber }) => {
    const body = new URLSearchParams({
      'bank_account[country]': 'US',
      'bank_account[currency]': 'usd',
      'bank_account[routing_number]': routingNumber,
      'bank_account[account_number]': accountNumber,
      'bank_account[account_holder_type]': 'company',
    });
    const response = await send(`${config.apiUrl.replace(/\/+$/, '')}/v1/tokens`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.publishableKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: body.toString(),
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.ok && v.is(TokenSchema, answer)) return answer.id;
    const refusal = v.safeParse(RefusalSchema, answer);
    throw new TokenRefusedError(
      refusal.success
        ? refusal.output.error.message
        : `Bank account tokenisation failed (${response.status})`,
    );
  };
}
