/**
 * Bank tokenisation through Stripe.js (when VITE_STRIPE_PUBLISHABLE_KEY is set). Imported dynamically by the
 * payouts screen only, so Stripe.js never reaches another screen's first load. The numbers go to Stripe only.
 */
import { loadStripe } from '@stripe/stripe-js';
import type { BankTokeniser } from './tokeniser';

export function stripeTokeniser(publishableKey: string): BankTokeniser {
  const stripe = loadStripe(publishableKey);
  return async ({ routingNumber, accountNumber }) => {
    const client = await stripe;
    if (!client) throw new Error('Stripe.js did not load');
    const result = await client.createToken('bank_account', {
      country: 'US',
      currency: 'usd',
      routing_number: routingNumber,
      account_number: accountNumber,
      account_holder_type: 'company',
    });
    if (result.error) throw new Error(result.error.message ?? 'Bank account tokenisation failed');
    return result.token.id;
  };
}
