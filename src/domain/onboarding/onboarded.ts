/**
 * Whether the person opening /provider/onboarding is already onboarded, and how the start screen says so:
 * a provider user with providers has been through it (they may still onboard another business); an admin
 * viewing as a provider sees that provider's console, so that provider is the one onboarded.
 */
import { currentProvider } from '../shell/navigation';

export interface OnboardedView {
  isAdmin: boolean;
  viewAsProvider: boolean;
  /** The provider chosen in the session (the one viewed as, or switched to). */
  providerId: number | null;
}

/** The providers the console is shown for, already onboarded; empty when there is none (or for an admin). */
export function onboardedProviders<P extends { id: number; name: string }>(
  providers: readonly P[],
  view: OnboardedView,
): P[] {
  if (!view.isAdmin) return [...providers];
  if (!view.viewAsProvider) return [];
  const viewed = currentProvider(providers, view.providerId, { isAdmin: true });
  return viewed ? [viewed] : [];
}

/** "Glow Studio", "Luxe and Serenity", "A, B and C". */
export function namesInProse(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The start screen's line for an onboarded provider: "Glow Studio is onboarded." */
export function onboardedLine(names: readonly string[]): string {
  return `${namesInProse(names)} ${names.length === 1 ? 'is' : 'are'} onboarded.`;
}
