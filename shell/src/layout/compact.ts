/** Below the md breakpoint the header is one row and its menus span the width (a phone). */
export const compact = ({ theme }: { theme: { breakpoints: { md: string } } }) =>
  `@media (max-width: calc(${theme.breakpoints.md} - 1px))`;
