import { Badge, Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type { Position } from '../../domain/pricing-tiers/geometry';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import type { MapArea } from './TierMap';
import { FieldError, FormAlert, submitWith } from '../kit/FormParts';

const TierMap = lazy(() => import('./TierMap'));

export interface TierMapPanelProps {
  styleUrl: string | undefined;
  tierName: string;
  areas: MapArea[];
  /** The tier's cities, each named once its place is read (null meanwhile; `failed` when it could not be). */
  cities: { id: string; name: string | null; failed: boolean }[];
  drawing: {
    naming: boolean;
    pendingPoints: Position[] | null;
    name: string;
    nameError: string | null;
    error: string | null;
    busy: boolean;
    canDraw: boolean;
    confirmingDelete: boolean;
    deleteName: string | null;
  };
  clearDrawing: number;
  citySearch: {
    text: string;
    busy: boolean;
    results: { placeId: string; description: string }[];
    message: string | null;
  };
  coverage: { answer: string | null; busy: boolean };
  onDrawComplete(points: Position[]): void;
  onNameChange(value: string): void;
  onSavePolygon(): void;
  onCancelDrawing(): void;
  onDeletePolygon(name: string): void;
  onConfirmDelete(): void;
  onCancelDelete(): void;
  onCityTextChange(text: string): void;
  onChooseCity(place: { placeId: string; description: string }): void;
  onCheckCoverage(text: string): void;
}

/**
 * The Map tab (01 §2; issue 13): city search, the map with the drawing tool, naming a drawn or city outline,
 * the tier's polygons (overlaps with other tiers flagged) and the "which tier covers this address?" box.
 */
export function TierMapPanel(props: TierMapPanelProps) {
  const own = props.areas.filter((area) => area.own);
  const [place, setPlace] = useState('');
  return (
    <Stack gap="4">
      <Box>
        <Field.Root>
          <Field.Label>Search a city</Field.Label>
          <Input
            type="search"
            value={props.citySearch.text}
            placeholder="City name"
            autoComplete="off"
            onChange={(event) => props.onCityTextChange(event.target.value)}
          />
        </Field.Root>
        {props.citySearch.busy && <Text fontSize="sm">Searching…</Text>}
        {props.citySearch.message && (
          <Text fontSize="sm" color="gray.700" role="status">
            {props.citySearch.message}
          </Text>
        )}
        {props.citySearch.results.length > 0 && (
          <Stack as="ul" aria-label="Cities found" listStyleType="none" m="0" mt="2" p="0" gap="1">
            {props.citySearch.results.map((result) => (
              <li key={result.placeId}>
                <Button size="sm" variant="outline" onClick={() => props.onChooseCity(result)}>
                  {result.description}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Box>

      <Text fontSize="sm" color="gray.700">
        Draw an area with the polygon tool at the top left of the map: click each corner, then press Enter (or
        click the last corner again) to close it.
      </Text>
      <Box borderWidth="1px" rounded="md" overflow="hidden" data-testid="tier-map">
        <Suspense fallback={<Text p="4">Loading the map…</Text>}>
          <TierMap
            styleUrl={props.styleUrl}
            areas={props.areas}
            pending={props.drawing.pendingPoints}
            clearDrawing={props.clearDrawing}
            drawingEnabled={props.drawing.canDraw}
            onDrawComplete={props.onDrawComplete}
          />
        </Suspense>
      </Box>

      {props.drawing.error && <FormAlert title={props.drawing.error} />}

      {props.drawing.naming && (
        <Flex gap="2" align="flex-end" wrap="wrap">
          <Field.Root invalid={props.drawing.nameError !== null} required flex="1 1 12rem">
            <Field.Label>
              Polygon name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={props.drawing.name}
              onChange={(event) => props.onNameChange(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') props.onSavePolygon();
              }}
            />
            {props.drawing.nameError && <FieldError error={props.drawing.nameError} />}
          </Field.Root>
          <Button colorPalette="teal" loading={props.drawing.busy} onClick={props.onSavePolygon}>
            Save polygon
          </Button>
          <Button variant="outline" disabled={props.drawing.busy} onClick={props.onCancelDrawing}>
            Cancel
          </Button>
        </Flex>
      )}

      <Box as="section" aria-labelledby="tier-polygons-heading">
        <Heading as="h3" size="sm" id="tier-polygons-heading" mb="2">
          Polygons of {props.tierName}
        </Heading>
        {own.length === 0 ? (
          <Text color="gray.700">No polygons yet.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" m="0" p="0" gap="1">
            {own.map((area) => (
              <Flex as="li" key={area.name} align="center" gap="2" wrap="wrap">
                <Text flex="1" minW="0">
                  {area.name}
                </Text>
                {area.overlapping && <Badge colorPalette="red">Overlaps another tier</Badge>}
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Delete polygon ${area.name}`}
                  disabled={!props.drawing.canDraw}
                  onClick={() => props.onDeletePolygon(area.name)}
                >
                  Delete
                </Button>
              </Flex>
            ))}
          </Stack>
        )}
        {props.cities.length > 0 && (
          <Text mt="2" fontSize="sm" color="gray.700">
            Cities:{' '}
            {props.cities
              .map((city) => city.name ?? (city.failed ? 'a city whose name could not be read' : 'Loading…'))
              .join('; ')}
          </Text>
        )}
      </Box>

      <Box as="form" onSubmit={submitWith(() => props.onCheckCoverage(place))}>
        <Flex gap="2" align="flex-end" wrap="wrap">
          <Field.Root flex="1 1 12rem">
            <Field.Label>Which tier covers this address?</Field.Label>
            <Input
              value={place}
              placeholder="Address, or latitude, longitude"
              onChange={(e) => setPlace(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" variant="outline" loading={props.coverage.busy}>
            Check
          </Button>
        </Flex>
        {props.coverage.answer && (
          <Text mt="2" role="status">
            {props.coverage.answer}
          </Text>
        )}
      </Box>

      <ConfirmDialog
        open={props.drawing.confirmingDelete}
        title="Delete polygon"
        message={`Delete the polygon ${props.drawing.deleteName ?? ''}? ${PRICE_TIER_MESSAGES.polygonDeleteWarning}`}
        confirmLabel="Delete"
        busy={props.drawing.busy}
        onConfirm={props.onConfirmDelete}
        onCancel={props.onCancelDelete}
      />
    </Stack>
  );
}
