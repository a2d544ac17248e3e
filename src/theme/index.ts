export {
  BREAKPOINTS,
  DRAWER_COLLAPSED_WIDTH,
  DRAWER_WIDTH,
  GOLD,
  lightTheme,
  MOBILE_BREAKPOINT,
} from './theme';
