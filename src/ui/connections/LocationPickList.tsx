import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { locationLabel, type ConnectionLocation } from '../../domain/connections/locations';
import { SelectOptions } from '../kit/FormParts';

export interface LocationPickListProps {
  label: string;
  locations: ConnectionLocation[];
  /** The chosen location's id (externalLocationId), or ''. */
  value: string;
  loading: boolean;
  /** Why the list is not there, or null. */
  failure: string | null;
  disabled?: boolean;
  onPick(location: ConnectionLocation): void;
}

/** A pick-list of the connected system's locations; choosing one fills in its address. */
export function LocationPickList(props: LocationPickListProps) {
  if (props.loading) return <Text role="status">Loading locations…</Text>;
  if (props.failure)
    return (
      <Text role="alert" color="red.700">
        {props.failure}
      </Text>
    );
  return (
    <Field.Root disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={props.value}
          onChange={(event) => {
            const picked = props.locations.find((location) => location.id === event.target.value);
            if (picked) props.onPick(picked);
          }}
        >
          <option value="">{props.locations.length ? 'Choose a location' : 'No locations'}</option>
          <SelectOptions
            options={props.locations.map((location) => ({
              value: location.id,
              label: locationLabel(location),
            }))}
          />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
