import {
  alertSlotRecipe,
  badgeRecipe,
  checkboxSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldsetSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  skeletonRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { registerRecipes } from './system';

/**
 * The recipes of the components the sign-in page does not draw, kept out of the first load (system.ts).
 * Importing this module registers them, before any component that uses them renders: the signed-in layout
 * (ConsoleShell) imports it for every screen inside it, the toaster for toasts, and a screen outside the
 * layout that draws one of these components (the invitation's registration form shows an alert) imports it
 * itself.
 */
registerRecipes({
  recipes: {
    badge: badgeRecipe,
    skeleton: skeletonRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    alert: alertSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    popover: popoverSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: toastSlotRecipe,
  },
});
