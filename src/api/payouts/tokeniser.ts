/**
 * Bank account tokenisation (spec 02 §5, §9: country US, currency USD). The raw numbers stay in the browser:
 * Stripe.js sends them to Stripe only; the sandbox tokeniser sends the last four digits only.
 */
import type { ApiClient } from '../client';
import { SandboxBankTokenSchema } from '../contract/payouts';

export interface BankNumbers {
  routingNumber: string;
  accountNumber: string;
}

/** Turns the bank numbers into a bank account token (btok_…). */
export type BankTokeniser = (bank: BankNumbers) => Promise<string>;

/** The local payments sandbox's tokeniser (when no Stripe publishable key is configured). */
export function sandboxTokeniser(client: ApiClient): BankTokeniser {
  return async ({ routingNumber, accountNumber }) => {
    const token = await client.post(SandboxBankTokenSchema, '/payments-sandbox/tokens', {
      body: {
        country: 'US',
        currency: 'usd',
        last4: accountNumber.slice(-4),
        routingLast4: routingNumber.slice(-4),
      },
    });
    return token.id;
  };
}
