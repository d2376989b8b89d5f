import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { AVAILABILITY_MESSAGES } from '../../domain/shared/messages';
import { availabilityEditorView } from '../../machines/availability/availability-editor.view';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { WizardFrame } from '../../ui/onboarding/WizardFrame';
import type { AvailabilityEditorRef } from '../availability/AvailabilityEditorSection';

/**
 * Step 2's frame. For MANUAL (`availability`, the wizard's editor child): Get Started shows the save running
 * and waits while the editor loads or asks about a stale save; Back and leaving the wizard ask before unsaved
 * availability is lost (moving between the wizard's steps by Get Started saves it first).
 */
export function ServicesStepFrame(props: {
  availability: AvailabilityEditorRef | undefined;
  onBack(): void;
  onNext(): void;
  children: ReactNode;
}) {
  const busy = useSelector(props.availability, (s) => s?.hasTag('busy') ?? false);
  const waiting = useSelector(props.availability, (s) =>
    s ? s.hasTag('loading') || s.hasTag('stale') : false,
  );
  const dirty = useSelector(props.availability, (s) => (s ? availabilityEditorView(s).dirty : false));
  const guard = useUnsavedGuard(dirty, { stays: (current, next) => current.pathname === next.pathname });
  return (
    <>
      <WizardFrame
        step={2}
        onBack={() => guard.leave(props.onBack)}
        onNext={props.onNext}
        nextLabel="Get Started"
        nextDisabled={waiting}
        busy={busy}
      >
        {props.children}
      </WizardFrame>
      <UnsavedChangesDialog {...guard.dialog} message={AVAILABILITY_MESSAGES.unsaved} />
    </>
  );
}
