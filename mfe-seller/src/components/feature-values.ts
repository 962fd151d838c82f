import {
  FEATURE_CATEGORIES,
  FEATURE_OPTIONS,
  type FeatureCategory,
  type VehicleFeatures,
} from '@carmarket/shared';

// Apart from the equipment fields, so the wizard's draft (on its first step) does not bring the
// fields' components, which show on the second step and the editor's vehicle tab.

/**
 * The form's features: every category, with only the names the checkboxes offer (so a name from
 * older data, which the server would refuse, is dropped rather than blocking the save unseen).
 */
export function featureValues(features: VehicleFeatures = {}): Record<FeatureCategory, string[]> {
  const values = {} as Record<FeatureCategory, string[]>;
  for (const category of FEATURE_CATEGORIES) {
    const options: readonly string[] = FEATURE_OPTIONS[category];
    values[category] = (features[category] ?? []).filter((name) => options.includes(name));
  }
  return values;
}
