import { Box, Button } from '@chakra-ui/react';
import { DialogShell } from '../kit/DialogShell';
import { PromoServicePicker, type PickerCategory } from '../kit/ServicePicker';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';

export interface SpecialDateServiceMenuProps {
  menu: {
    title: string;
    categories: readonly PickerCategory[];
    bundles: readonly { id: number; name: string }[];
    serviceItemIds: readonly number[];
    bundleIds: readonly number[];
    attaching: boolean;
    canAttach: boolean;
  } | null;
  loading: boolean;
  failure: string | null;
  /** After an attach refused because someone else changed the date: Reload keeps what was chosen. */
  stale: StaleNoticeProps | null;
  onChange(serviceItemIds: number[], bundleIds: number[]): void;
  onAttach(): void;
  onCancel(): void;
  onRetry(): void;
}

/** The special-date service menu (spec 02 §2 admin dialogs): choose service items and bundles to add. */
export function SpecialDateServiceMenu(props: SpecialDateServiceMenuProps) {
  const { menu } = props;
  const busy = Boolean(menu?.attaching) || Boolean(props.stale?.reloading);
  const held = busy || props.stale !== null;
  return (
    <DialogShell
      open={menu !== null}
      title={menu?.title}
      busy={held}
      onClose={props.onCancel}
      footer={
        <>
          <Button variant="outline" disabled={held} onClick={props.onCancel}>
            Cancel
          </Button>
          <Button
            colorPalette="teal"
            disabled={!menu?.canAttach}
            loading={menu?.attaching}
            loadingText="Adding"
            onClick={props.onAttach}
          >
            Add services
          </Button>
        </>
      }
    >
      {props.stale && (
        <Box mb="4">
          <StaleNotice {...props.stale} />
        </Box>
      )}
      {menu && (
        <PromoServicePicker
          legend="Services"
          helperText="Choose the service items and bundles this special date applies to."
          categories={menu.categories}
          loading={props.loading}
          failure={props.failure}
          selected={menu.serviceItemIds}
          disabled={busy}
          onChange={(ids) => props.onChange(ids, [...menu.bundleIds])}
          onRetry={props.onRetry}
          bundles={{
            items: menu.bundles,
            selected: menu.bundleIds,
            onChange: (ids) => props.onChange([...menu.serviceItemIds], ids),
          }}
        />
      )}
    </DialogShell>
  );
}
