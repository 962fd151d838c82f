// @carmarket/shared/ui: themes, global styles and primitives. Pure: imports no store, client or socket.
export { lightTheme, darkTheme, themes, type AppTheme, type Tone, type ToneName } from './theme.js';
export { GlobalStyle } from './global-style.js';
export { Button, type ButtonSize, type ButtonVariant } from './button.js';
export {
  TextField,
  TextAreaField,
  SelectField,
  CheckboxField,
  type TextFieldProps,
  type TextAreaFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type CheckboxFieldProps,
} from './fields.js';
export {
  VisuallyHidden,
  PageContainer,
  Card,
  Badge,
  Notice,
  Thumbnail,
  Skeleton,
  Spinner,
  ErrorState,
  SupportRequestId,
  EmptyState,
  type SpinnerProps,
  type ErrorStateProps,
  type EmptyStateProps,
} from './primitives.js';
export { Pager, type PagerProps } from './pager.js';
export { DealRatingBadge } from './deal-rating-badge.js';
export { Tabs, type TabItem } from './tabs.js';
export { ReportForm, type ReportFormProps } from './report-form.js';
export { PlaceFields, type PlaceFieldsProps } from './place-fields.js';
export { useDebouncedValue } from './use-debounced-value.js';
