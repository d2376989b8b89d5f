import { createSystem, defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { PHONE_BAR } from './phone-bar';

/**
 * The console's design system: Chakra's tokens with only the component recipes the console uses, so the
 * first load stays inside its byte budget (all of Chakra's recipes weigh ~20 KB gzip). Here are the recipes
 * the sign-in page draws with (and the configuration problem page); the rest of what the console uses is
 * registered by `later-recipes.ts` when the first screen past sign-in (or the first toast) loads. A component
 * whose recipe is missing from both renders unstyled: add its recipe when a screen starts using it (one added
 * here is also named in FIRST_LOAD_RECIPES in vite.config.ts, or the budget fails the build).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      // A button turns usable or unusable at once: a fade of its opacity shows it half-dimmed on the way, white
      // on a faded fill that no one can read (and axe, checking then, fails its contrast). Colours still ease.
      button: {
        ...buttonRecipe,
        base: {
          ...buttonRecipe.base,
          transitionProperty: 'background-color, border-color, color, fill, stroke, box-shadow, transform',
        },
      },
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
    },
  },
});

const consoleTheme = defineConfig({
  globalCss: {
    // One clearly visible focus ring on every control, inputs included (the recipes' own rings are faint);
    // `!important` lets this base-layer rule win over the recipe layer.
    ':focus-visible': {
      outline: '2px solid {colors.teal.600} !important',
      outlineOffset: '2px !important',
    },
    // On a phone the top bar stays at the top (ConsoleShell): what is scrolled or focused into view lands
    // under it, not behind it.
    html: { scrollPaddingTop: { base: PHONE_BAR.height, md: '0' } },
    // A record page's header stays at the top on a wide screen (PageHeader `sticky`): what is scrolled to
    // lands under it; on a phone its primary action sits in a bar at the bottom, which the page leaves room for.
    'html:has([data-sticky-header])': { scrollPaddingTop: { base: PHONE_BAR.height, md: '104px' } },
    'main:has([data-phone-action-bar])': { paddingBottom: { base: '72px', md: '0' } },
    // A finger-sized row (40 px) for every checkbox and radio on a phone; as drawn on a wider screen.
    '[data-scope="checkbox"][data-part="root"], [data-scope="radio-group"][data-part="item"]': {
      minHeight: { base: '10', md: 'auto' },
    },
    // A person who asks for less motion gets none: drawers, dialogs, menus and toasts appear and leave at
    // once (their end events still fire, so nothing waits), a skeleton's pulse stops; spinners keep turning.
    '*:not(.chakra-spinner), *::before, *::after': {
      _motionReduce: {
        animationDuration: '1ms !important',
        animationDelay: '0s !important',
        animationIterationCount: '1 !important',
        transitionDuration: '1ms !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    semanticTokens: {
      colors: {
        // Chakra's teal.solid (teal.600) under white text is 3.7:1; teal.700 meets WCAG AA (5.5:1).
        teal: {
          solid: { value: '{colors.teal.700}' },
          fg: { value: '{colors.teal.800}' },
        },
        // Success toasts: white on green.600 is 3.3:1; green.700 is 5.0:1.
        green: {
          solid: { value: '{colors.green.700}' },
        },
      },
    },
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme, consoleTheme));

type Theme = NonNullable<SystemConfig['theme']>;

/**
 * Adds recipes to the system after it was made. The system looks a recipe up by its key in its theme each
 * time a component first asks for it, so recipes added before any component that uses them renders behave
 * as if they had been there from the start.
 */
export function registerRecipes(more: Pick<Theme, 'recipes' | 'slotRecipes'>) {
  const theme = system._config.theme!;
  theme.recipes = Object.assign(theme.recipes ?? {}, more.recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, more.slotRecipes);
}
