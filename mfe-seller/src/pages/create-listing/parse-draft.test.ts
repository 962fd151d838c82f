import { describe, expect, it } from '@jest/globals';
import { emptyDraft, STEPS } from './listing-draft';
import { parseDraft } from './parse-draft';

describe('parseDraft', () => {
  it('sends a restored draft with nothing typed back to the first step', () => {
    expect(parseDraft(emptyDraft(null))).toEqual({ valid: false, step: STEPS.indexOf('Vehicle Info') });
  });

  it('sends a draft whose vehicle info is complete to the first step still missing', () => {
    const draft = emptyDraft(null);
    draft.vehicleInfo = { year: '2012', make: 'Honda', model: 'Civic', trim: '', mileage: '98000', vin: '' };
    expect(parseDraft(draft)).toEqual({ valid: false, step: STEPS.indexOf('Vehicle Details') });
  });
});
