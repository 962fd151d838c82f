import {
  routes,
  useDisplayNamePrompt,
  useSessionStore,
  RemoteRoot,
  type DisplayNameParser,
} from '@carmarket/shared';
import { loadOnce } from '@carmarket/shared/schemas';
import { Card, PageContainer, TextField } from '@carmarket/shared/ui';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { useNavigate } from '@carmarket/shared/router';
import { usePhotoList } from '../../features/photos/hooks/use-photo-list';
import {
  clearDraft,
  loadDraft,
  PHOTOS_STEP,
  REVIEW_STEP,
  saveDraft,
  STEPS,
  type ListingDraft,
} from './listing-draft';
import { VehicleInfoStep } from './steps/vehicle-info-step';
import { useLoadedWhen } from './use-loaded-when';
import { useSubmitListing } from './use-submit-listing';
import { WizardActions } from './wizard-actions';
import { WizardProgress } from './wizard-progress';

// The first step comes with the page; each later one (the photo manager, the equipment and listing
// fields) is fetched when the wizard reaches it, so /create-listing's first load stays in its budget.
const VehicleDetailsStep = lazy(() =>
  import('./steps/vehicle-details-step').then((module) => ({ default: module.VehicleDetailsStep })),
);
const PhotosStep = lazy(() =>
  import('./steps/photos-step').then((module) => ({ default: module.PhotosStep })),
);
const ListingDetailsStep = lazy(() =>
  import('./steps/listing-details-step').then((module) => ({ default: module.ListingDetailsStep })),
);
const ContactLocationStep = lazy(() =>
  import('./steps/contact-location-step').then((module) => ({ default: module.ContactLocationStep })),
);
const ReviewStep = lazy(() =>
  import('./steps/review-step').then((module) => ({ default: module.ReviewStep })),
);

interface ReviewRules {
  parseDraft: typeof import('./parse-draft').parseDraft;
  displayNameSchema: DisplayNameParser;
}

// The review checks the whole draft and may ask for the seller's name: those rules, with the listing
// schemas and zod behind them, are fetched when the wizard reaches it.
const loadReviewRules = loadOnce<ReviewRules>(async () => {
  const [{ parseDraft }, { displayNameSchema }] = await Promise.all([
    import('./parse-draft'),
    import(/* webpackExports: ["displayNameSchema"] */ '@carmarket/shared/schemas'),
  ]);
  return { parseDraft, displayNameSchema };
});

const loadNameRule = () => loadReviewRules().then(({ displayNameSchema }) => displayNameSchema);

type FormSection = Exclude<keyof ListingDraft, 'step'>;

/** A stable change handler for one step's part of the draft (the step's autosave subscribes to it). */
function useSectionChange<K extends FormSection>(
  setDraft: Dispatch<SetStateAction<ListingDraft>>,
  section: K,
) {
  return useCallback(
    (values: ListingDraft[K]) => setDraft((current) => ({ ...current, [section]: values })),
    [setDraft, section],
  );
}

/**
 * /create-listing (spec §2, §4): the 6-step wizard. Its data is a draft kept in local storage
 * (photos cannot be stored, so a reload past the Photos step resumes there). Next validates the
 * step and moves on; Previous and the progress bar go back with what was typed.
 */
export function CreateListingPage() {
  const user = useSessionStore((state) => state.user);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ListingDraft>(() => {
    const saved = loadDraft(user);
    return { ...saved, step: Math.min(saved.step, PHOTOS_STEP) };
  });
  const photos = usePhotoList();
  const { submit, busy: submitting, progress } = useSubmitListing();
  const { step } = draft;
  const reviewRules = useLoadedWhen(step === REVIEW_STEP, loadReviewRules);
  const namePrompt = useDisplayNamePrompt(loadNameRule);
  const busy = submitting || namePrompt.saving;
  const heading = useRef<HTMLHeadingElement>(null);

  // The draft follows every keystroke; forgetting it on create/cancel sets this to false first.
  const keepDraft = useRef(true);
  useEffect(() => {
    if (keepDraft.current) saveDraft(user, draft);
  }, [user, draft]);

  // A new step's heading takes focus, so keyboard and screen reader users start at its top.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step]);

  const goTo = (next: number) => setDraft((current) => ({ ...current, step: next }));

  const onVehicleInfo = useSectionChange(setDraft, 'vehicleInfo');
  const onVehicleDetails = useSectionChange(setDraft, 'vehicleDetails');
  const onListingDetails = useSectionChange(setDraft, 'listingDetails');
  const onContactLocation = useSectionChange(setDraft, 'contactLocation');

  const saveAndNext =
    <K extends FormSection>(section: K) =>
    (values: ListingDraft[K]) =>
      setDraft((current) => ({ ...current, [section]: values, step: current.step + 1 }));

  const forgetDraft = () => {
    keepDraft.current = false;
    clearDraft(user);
  };

  const cancel = () => {
    forgetDraft();
    navigate(routes.dashboard);
  };

  const actions = (
    <WizardActions step={step} busy={busy} onPrevious={() => goTo(step - 1)} onCancel={cancel} />
  );

  const parsed = step === REVIEW_STEP && reviewRules ? reviewRules.parseDraft(draft) : null;
  const invalidStep = parsed && !parsed.valid ? parsed.step : null;
  useEffect(() => {
    if (invalidStep !== null) setDraft((current) => ({ ...current, step: invalidStep }));
  }, [invalidStep]);

  return (
    <RemoteRoot remote="mfe_seller">
      <PageContainer>
        <h1>Sell Your Car</h1>
        <p>Every listing needs at least 4 photos.</p>
        <WizardProgress step={step} onJump={goTo} />
        <Card $padding="lg">
          <h2 ref={heading} tabIndex={-1}>
            Step {step + 1} of {STEPS.length}: {STEPS[step]}
          </h2>
          <Suspense fallback={null}>
            {step === 0 && (
              <VehicleInfoStep
                values={draft.vehicleInfo}
                onChange={onVehicleInfo}
                onNext={saveAndNext('vehicleInfo')}
                actions={actions}
              />
            )}
            {step === 1 && (
              <VehicleDetailsStep
                values={draft.vehicleDetails}
                onChange={onVehicleDetails}
                onNext={saveAndNext('vehicleDetails')}
                actions={actions}
              />
            )}
            {step === PHOTOS_STEP && (
              <PhotosStep list={photos} onNext={() => goTo(step + 1)} actions={actions} />
            )}
            {step === 3 && (
              <ListingDetailsStep
                values={draft.listingDetails}
                onChange={onListingDetails}
                onNext={saveAndNext('listingDetails')}
                actions={actions}
              />
            )}
            {step === 4 && (
              <ContactLocationStep
                values={draft.contactLocation}
                onChange={onContactLocation}
                onNext={saveAndNext('contactLocation')}
                actions={actions}
              />
            )}
            {parsed?.valid && (
              <ReviewStep
                {...parsed.values}
                photos={photos.photos}
                progress={progress}
                onSubmit={async () => {
                  if (await namePrompt.ensureName()) await submit(parsed.values, photos.photos, forgetDraft);
                }}
                sellerName={namePrompt.needed && <TextField {...namePrompt.field} />}
                actions={actions}
              />
            )}
          </Suspense>
        </Card>
      </PageContainer>
    </RemoteRoot>
  );
}
