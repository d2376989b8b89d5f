import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { uploadedImageUrl } from '../../api/uploads/uploads';
import { useFlow } from '../../app/flow';
import { UPLOAD_MESSAGES } from '../../domain/shared/messages';
import { createImageUploadActors } from '../../machines/catalogue/image-upload.actors';
import { imageUploadMachine } from '../../machines/catalogue/image-upload.machine';
import { ImageUploadField } from '../../ui/catalogue/ImageUploadField';
import { dismissNotice, notify, updateNotice } from '../../ui/kit/notify';

export interface ImageUploadProps {
  api: ApiClient;
  apiUrl: string;
  label: string;
  /** The stored path (or URL) of the current image; '' for none. */
  path: string;
  onUploaded(path: string): void;
  onBusyChange?(busy: boolean): void;
  /** A line under the image's state (e.g. that it still has to be saved). */
  note?: string | null;
  /** Marked as required, like the other required fields of its form. */
  required?: boolean;
  /** The id of the field's section, for links that lead to it (`#cover`). */
  sectionId?: string;
}

const UPLOADED_TOAST_MS = 3_000;

/**
 * An image field wired to POST /upload (01 §7, §8): 'Uploading Image...' then 'Successfully Uploaded Image';
 * a failure is logged and said next to the field, never thrown (02 §8: no toast for upload errors).
 */
export function ImageUpload(props: ImageUploadProps) {
  const { api, apiUrl, label, path, onUploaded, onBusyChange } = props;
  const [actors] = useState(() => createImageUploadActors(api));
  const [snapshot, send, actor] = useFlow(imageUploadMachine, { actors });
  const callbacks = useRef({ onUploaded, onBusyChange });
  useEffect(() => {
    callbacks.current = { onUploaded, onBusyChange };
  });

  useEffect(() => {
    let toast: Promise<string> | undefined;
    const subscriptions = [
      actor.on('upload.started', () => {
        toast = notify('loading', UPLOAD_MESSAGES.uploading);
      }),
      actor.on('upload.succeeded', (event) => {
        callbacks.current.onUploaded(event.path);
        void toast?.then((id) => updateNotice(id, 'success', UPLOAD_MESSAGES.uploaded, UPLOADED_TOAST_MS));
        toast = undefined;
      }),
      actor.on('upload.failed', (event) => {
        console.error('Image upload failed:', event.error);
        void toast?.then((id) => dismissNotice(id));
        toast = undefined;
      }),
    ];
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      // Leaving while an upload runs: its loading toast must end too.
      void toast?.then((id) => dismissNotice(id));
    };
  }, [actor]);

  const busy = snapshot.hasTag('busy');
  useEffect(() => {
    callbacks.current.onBusyChange?.(busy);
  }, [busy]);

  const { uploaded, uploading } = snapshot.context;
  return (
    <ImageUploadField
      label={label}
      previewSrc={path ? uploadedImageUrl(apiUrl, path) : null}
      busy={busy}
      error={snapshot.context.error}
      uploadingName={uploading}
      // The file's name only while the image shown is the one uploaded here (a reload may replace it).
      fileName={uploaded && uploaded.path === path ? uploaded.name : null}
      note={props.note ?? null}
      required={props.required ?? false}
      {...(props.sectionId ? { sectionId: props.sectionId } : {})}
      onFile={(file) => send({ type: 'file.choose', file })}
    />
  );
}
