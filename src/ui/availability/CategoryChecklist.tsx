import { Checkbox, Fieldset, Stack } from '@chakra-ui/react';

export interface CategoryChecklistProps {
  categories: Array<{ id: number; name: string }>;
  checked: number[];
  disabled: boolean;
  onToggle(id: number): void;
}

/** The categories a MANUAL provider offers (spec 02 §2). */
export function CategoryChecklist({ categories, checked, disabled, onToggle }: CategoryChecklistProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Service categories</Fieldset.Legend>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4" wrap="wrap" mt="2">
        {categories.map((category) => (
          <Checkbox.Root
            key={category.id}
            checked={checked.includes(category.id)}
            disabled={disabled}
            onCheckedChange={() => onToggle(category.id)}
            colorPalette="teal"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{category.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}
